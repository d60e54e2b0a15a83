import clsx from 'clsx';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CampaignSummary } from '#shared/contract/campaigns';
import { cardClasses } from '#web/components/card';
import { IconPencil, IconTrash } from '#web/components/icons';
import { useMediaQuery } from '#web/lib/use-media-query';
import { isoDay, platformList, shortDate } from '../campaign-format';
import { StatusBadge } from './status-badge';

/** Below this width the table becomes a list of cards (a phone, a narrow window). */
export const CARDS_QUERY = '(max-width: 767px)';

interface CampaignListProps {
  companyName: string;
  campaigns: readonly CampaignSummary[];
  /** Where a campaign's pages are: `${base}/${id}` and `${base}/${id}/edit`. */
  base: string;
  onDelete: (campaign: CampaignSummary) => void;
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';

/** A campaign's start and end as the list shows them: "Nov 10", in the campaign's zone. */
const datesOf = (campaign: CampaignSummary): { start: ReactNode; end: ReactNode } => {
  const zone = campaign.schedule.timeZone;
  const day = (iso: string) => <time dateTime={isoDay(iso, zone)}>{shortDate(iso, zone)}</time>;
  return { start: day(campaign.startDate), end: day(campaign.endDate) };
};

function Actions({
  campaign,
  base,
  onDelete,
}: {
  campaign: CampaignSummary;
  base: string;
  onDelete: CampaignListProps['onDelete'];
}) {
  return (
    <div className="relative z-10 flex justify-end gap-1">
      <Link
        to={`${base}/${campaign._id}/edit`}
        aria-label={`Edit ${campaign.name}`}
        title="Edit"
        className={iconButton}
      >
        <IconPencil aria-hidden="true" className="size-4.5" />
      </Link>
      <button
        type="button"
        onClick={() => onDelete(campaign)}
        aria-label={`Delete ${campaign.name}`}
        title="Delete"
        className={clsx(iconButton, 'hover:bg-red-50 hover:text-red-700')}
      >
        <IconTrash aria-hidden="true" className="size-4.5" />
      </button>
    </div>
  );
}

/** A click on a row, not on its name, edit or delete, opens the campaign (and never a text selection). */
const isRowClick = (event: MouseEvent<HTMLElement>) =>
  !(event.target as Element).closest('a, button') && !(window.getSelection?.()?.toString() ?? '');

function CampaignTable({ companyName, campaigns, base, onDelete }: CampaignListProps) {
  const navigate = useNavigate();
  const header = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
  const cell = 'px-4 py-3.5 text-sm text-slate-700';
  return (
    <div className={clsx(cardClasses, 'overflow-x-auto')}>
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{`Campaigns of ${companyName}`}</caption>
        <thead className="bg-slate-50/80">
          <tr>
            <th scope="col" className={clsx(header, 'pl-5')}>
              Name
            </th>
            <th scope="col" className={header}>
              Status
            </th>
            <th scope="col" className={header}>
              Platforms
            </th>
            <th scope="col" className={clsx(header, 'whitespace-nowrap')}>
              Start Date
            </th>
            <th scope="col" className={clsx(header, 'whitespace-nowrap')}>
              End Date
            </th>
            <th scope="col" className={clsx(header, 'pr-5')}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {campaigns.map((campaign) => {
            const detail = `${base}/${campaign._id}`;
            const { start, end } = datesOf(campaign);
            return (
              <tr
                key={campaign._id}
                onClick={(event) => {
                  if (isRowClick(event)) navigate(detail);
                }}
                className="cursor-pointer transition-colors hover:bg-slate-50"
              >
                <th scope="row" className={clsx(cell, 'max-w-xs pl-5 text-left font-medium')}>
                  <Link
                    to={detail}
                    className="rounded break-words text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {campaign.name}
                  </Link>
                </th>
                <td className={cell} data-tour="campaign-status">
                  <StatusBadge status={campaign.status} />
                </td>
                <td className={cell}>{platformList(campaign.platforms)}</td>
                <td className={clsx(cell, 'whitespace-nowrap tabular-nums')}>{start}</td>
                <td className={clsx(cell, 'whitespace-nowrap tabular-nums')}>{end}</td>
                <td className={clsx(cell, 'py-2 pr-4')}>
                  <Actions campaign={campaign} base={base} onDelete={onDelete} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The same campaigns as cards: the whole card opens the campaign, its buttons stay their own. */
function CampaignCards({ campaigns, base, onDelete }: CampaignListProps) {
  return (
    <ul aria-label="Campaigns" className="space-y-3">
      {campaigns.map((campaign) => {
        const { start, end } = datesOf(campaign);
        return (
          <li key={campaign._id} className={clsx(cardClasses, 'relative p-4 hover:bg-slate-50')}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link
                  to={`${base}/${campaign._id}`}
                  className="font-medium break-words text-slate-900 after:absolute after:inset-0 after:rounded-2xl"
                >
                  {campaign.name}
                </Link>
                <div className="mt-1.5" data-tour="campaign-status">
                  <StatusBadge status={campaign.status} />
                </div>
              </div>
              <div className="-mt-1.5 -mr-1.5">
                <Actions campaign={campaign} base={base} onDelete={onDelete} />
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">Platforms</dt>
              <dd className="text-slate-700">{platformList(campaign.platforms)}</dd>
              <dt className="text-slate-500">Dates</dt>
              <dd className="text-slate-700 tabular-nums">
                {start} – {end}
              </dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** The campaigns of one page: a table, or cards on a narrow screen. */
export function CampaignList(props: CampaignListProps) {
  const cards = useMediaQuery(CARDS_QUERY);
  return cards ? <CampaignCards {...props} /> : <CampaignTable {...props} />;
}
