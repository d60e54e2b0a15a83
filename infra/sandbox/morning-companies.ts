import { forEachConcurrently } from '#functions/core/concurrency';
import { companyEntity } from '#functions/core/db/entities/company';
import {
  morningRosterEntity,
  morningZonesEntity,
} from '#functions/core/db/entities/morning-roster';

/**
 * The companies Morning now offers (`/_sandbox`): those on the morning roster — every live
 * company, in the partition of its zone and morning hour — newest first. Read as the hourly job
 * reads the roster, without a scan: the zones item, then each zone's 24 hour partitions (a
 * sandbox uses a zone or two), then the companies themselves (one batch read per 100) for their
 * names and ages. Company ids are random, so "newest" needs the company's createdAt.
 */

export interface MorningCompany {
  companyId: string;
  name: string;
  /** ISO instant. */
  createdAt: string;
}

/** The select shows this many; an older company's morning still runs by id through the JSON API. */
export const MORNING_COMPANIES_SHOWN = 50;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const PARTITIONS_IN_FLIGHT = 16;

export const listMorningCompanies = async (): Promise<MorningCompany[]> => {
  const { data: registry } = await morningZonesEntity().get({ registry: 'zones' }).go();
  const partitions = [...(registry?.zones ?? [])].flatMap((timeZone) =>
    HOURS.map((morningHour) => ({ timeZone, morningHour })),
  );
  const companyIds: string[] = [];
  await forEachConcurrently(partitions, PARTITIONS_IN_FLIGHT, async (partition) => {
    const { data } = await morningRosterEntity()
      .query.byZoneHour(partition)
      .go({ pages: 'all', attributes: ['companyId'] });
    companyIds.push(...data.map((item) => item.companyId));
  });
  if (companyIds.length === 0) return [];
  const { data: companies } = await companyEntity()
    .get(companyIds.map((companyId) => ({ companyId })))
    .go({ attributes: ['companyId', 'name', 'createdAt', 'deletedAt'] });
  return companies
    .filter((company) => !company.deletedAt)
    .map(({ companyId, name, createdAt }) => ({ companyId, name, createdAt }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name))
    .slice(0, MORNING_COMPANIES_SHOWN);
};
