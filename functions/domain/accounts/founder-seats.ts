import { FOUNDER_ACCOUNT_CAP } from '#shared/domain/limits';
import { founderSeatEntity } from '../../core/db/entities/founder-seat';
import { accountsBeforeShards } from './user-count';

/** Seats 1 to FOUNDER_ACCOUNT_CAP. */
const SEATS = Array.from({ length: FOUNDER_ACCOUNT_CAP }, (_, index) => index + 1);

/**
 * Taken seats are never given back, so once a read finds none left this function stops reading:
 * after the first sign-up that sees them full, a warm function's sign-ups touch no seat at all.
 */
let seatsFull = false;

/**
 * The founder seats nobody holds, read strongly (one query of one small partition). Accounts made
 * before the seats existed were counted on the old users counter and the first 50 of them were
 * founders: they hold seats 1 to that counter's total.
 */
export const freeFounderSeats = async (): Promise<number[]> => {
  if (seatsFull) return [];
  const [{ data: held }, accountsBefore] = await Promise.all([
    founderSeatEntity()
      .query.bySeat({ programme: 'founders' })
      .go({ consistent: true, pages: 'all' }),
    accountsBeforeShards(),
  ]);
  const taken = new Set(held.map(({ seat }) => seat));
  const free = SEATS.filter((seat) => seat > accountsBefore && !taken.has(seat));
  if (free.length === 0) seatsFull = true;
  return free;
};
