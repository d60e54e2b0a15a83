import type { Logger } from '@aws-lambda-powertools/logger';
import { isRealPhone } from '#shared/contract/fields';
import { platformName } from '#shared/domain/tiers';
import { resolveAppUrl } from '../core/app-url';
import { forEachConcurrently } from '../core/concurrency';
import { isConditionFailure } from '../core/db/conditions';
import { companyEntity } from '../core/db/entities/company';
import {
  platformCredentialEntity,
  type PlatformCredentialRecord,
} from '../core/db/entities/platform-credential';
import { userEntity } from '../core/db/entities/user';
import { emailSender } from '../integrations/email/provider';
import { sendTextNowOrLater } from '../integrations/sms/text-later';

/**
 * Keeping connections healthy: once a day the connection-health job warns the owner of every
 * credential whose connection ends within a week (the grant's known end, `reconnectBy`), or that
 * a provider refused (`needsReconnection`), by email and — when their phone is verified — by text,
 * with a link to reconnect. Once per credential and per end: the credential is in the sparse
 * index `awaitingReconnectionNotice` only until its owner has been warned about its current end
 * (the attribute `reconnectionDueAt`), and a new grant or a new refusal puts it back.
 */

export const RECONNECTION_WARNING_DAYS = 7;

/** Owners warned at once (each warning is a few reads and two sends). */
const CONCURRENT_WARNINGS = 4;

/** Credentials whose owner is due a warning by `now` (their end is within the warning window). */
export const findDueCredentials = async (
  now: Date = new Date(),
): Promise<PlatformCredentialRecord[]> => {
  const horizon = new Date(now.getTime() + RECONNECTION_WARNING_DAYS * 24 * 60 * 60_000);
  const { data } = await platformCredentialEntity()
    .query.awaitingReconnectionNotice({ reconnectionWatch: 'due' })
    .lte({ reconnectionDueAt: horizon.toISOString() })
    .go({ pages: 'all' });
  return data;
};

/**
 * Takes the warning about this end for this run: one conditional write that takes the credential
 * out of the sparse index only if its end is still the one read. A second run (or a redelivered
 * one) finds it gone; a reconnection meanwhile changed the end, and this warning is moot.
 */
const claimWarning = async (credential: PlatformCredentialRecord, due: string) => {
  try {
    await platformCredentialEntity()
      .patch({ companyId: credential.companyId, credentialId: credential.credentialId })
      .remove(['reconnectionDueAt'])
      .set({ reconnectionNoticeFor: due })
      .where(({ reconnectionDueAt }, { eq }) => eq(reconnectionDueAt, due))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Sending failed on every channel: the credential goes back in the index for the next run. */
const restoreWarning = async (credential: PlatformCredentialRecord, due: string) => {
  try {
    await platformCredentialEntity()
      .patch({ companyId: credential.companyId, credentialId: credential.credentialId })
      .set({ reconnectionDueAt: due })
      .where(
        ({ reconnectionDueAt, reconnectionNoticeFor }, { eq, notExists }) =>
          `${notExists(reconnectionDueAt)} AND ${eq(reconnectionNoticeFor, due)}`,
      )
      .go({ response: 'none' });
  } catch (error) {
    // Changed meanwhile (reconnected, disconnected): that change decides.
    if (!isConditionFailure(error)) throw error;
  }
};

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

interface Warning {
  subject: string;
  lines: string[];
  sms: string;
}

const warningFor = (
  credential: PlatformCredentialRecord,
  companyName: string,
  link: string,
  now: Date,
): Warning => {
  const name = platformName(credential.platform);
  const account = credential.handle ? ` (${credential.handle})` : '';
  if (credential.needsReconnection) {
    return {
      subject: `Reconnect ${name} for ${companyName}`,
      lines: [
        `${name} no longer accepts posts from ${companyName}'s account${account}: the connection was revoked or has expired.`,
        '',
        'Reconnect it so your posts keep going out:',
        link,
      ],
      sms: `Sailpost: ${name} stopped accepting posts for ${companyName}${account}. Reconnect: ${link}`,
    };
  }
  const ends = credential.reconnectBy!;
  const ended = Date.parse(ends) <= now.getTime();
  const when = ended ? `ended on ${dateText(ends)}` : `ends on ${dateText(ends)}`;
  return {
    subject: `Your ${name} connection for ${companyName} ${ended ? 'has ended' : 'ends soon'}`,
    lines: [
      `The connection of ${companyName}'s ${name} account${account} to Sailpost ${when}.`,
      '',
      'Reconnect it to keep posting:',
      link,
    ],
    sms: `Sailpost: the ${name} connection for ${companyName}${account} ${when}. Reconnect: ${link}`,
  };
};

export interface HealthRunResult {
  warned: number;
  skipped: number;
  failed: number;
}

/**
 * Warns the owner of one due credential: claims the warning, then emails and texts (verified
 * phone only). When nothing could be sent, the warning is given back for the next run; when one
 * channel worked, the owner has been warned and it is not repeated.
 */
const warnOwner = async (
  credential: PlatformCredentialRecord,
  now: Date,
  logger: Logger,
): Promise<keyof HealthRunResult> => {
  const due = credential.reconnectionDueAt!;
  if (!(await claimWarning(credential, due))) return 'skipped';
  try {
    return await sendWarning(credential, due, now, logger);
  } catch (error) {
    await restoreWarning(credential, due);
    throw error;
  }
};

const sendWarning = async (
  credential: PlatformCredentialRecord,
  due: string,
  now: Date,
  logger: Logger,
): Promise<keyof HealthRunResult> => {
  const { data: company } = await companyEntity()
    .get({ companyId: credential.companyId })
    .go({ consistent: true });
  // A deleted company's credentials go with its clean-up; nobody is to be warned.
  if (!company || company.deletedAt) return 'skipped';
  const { data: owner } = await userEntity().get({ userId: company.userId }).go();
  if (!owner) return 'skipped';

  const link = `${await resolveAppUrl()}/dashboard/company/${company.companyId}/platforms`;
  const warning = warningFor(credential, company.name, link, now);
  const sends: Promise<void>[] = [
    (async () =>
      (await emailSender()).send({
        to: owner.email,
        subject: warning.subject,
        text: warning.lines.join('\n'),
      }))(),
  ];
  // A number that replied STOP is texted nothing until START.
  if (owner.phoneVerified && isRealPhone(owner.phoneNumber) && !owner.smsOptedOut) {
    const phone = owner.phoneNumber;
    // Named by the warning, so a text that waits for the texting limit still goes once.
    const textId = `reconnection:${credential.credentialId}#${due}`;
    sends.push(
      (async () => {
        await sendTextNowOrLater(
          textId,
          { to: phone, text: warning.sms },
          { ownerId: owner.userId },
        );
      })(),
    );
  }
  const outcomes = await Promise.allSettled(sends);
  const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
  for (const failure of failures) {
    logger.warn('A reconnection warning could not be sent', {
      credentialId: credential.credentialId,
      error: (failure.reason as Error)?.name,
    });
  }
  if (failures.length === outcomes.length) {
    await restoreWarning(credential, due);
    return 'failed';
  }
  logger.info('Owner warned about a connection', {
    companyId: company.companyId,
    platform: credential.platform,
    needsReconnection: credential.needsReconnection,
    channels: outcomes.length - failures.length,
  });
  return 'warned';
};

/** One run of the connection-health job. */
export const warnAboutConnections = async (
  logger: Logger,
  now: Date = new Date(),
): Promise<HealthRunResult> => {
  const result: HealthRunResult = { warned: 0, skipped: 0, failed: 0 };
  const due = await findDueCredentials(now);
  await forEachConcurrently(due, CONCURRENT_WARNINGS, async (credential) => {
    try {
      result[await warnOwner(credential, now, logger)] += 1;
    } catch (error) {
      // One owner's failure does not stop the others; its credential stays due.
      logger.error('Warning an owner failed', {
        credentialId: credential.credentialId,
        error: error as Error,
      });
      result.failed += 1;
    }
  });
  return result;
};
