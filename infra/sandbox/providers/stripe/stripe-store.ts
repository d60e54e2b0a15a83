import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import * as z from 'zod';
import { jsonFile } from '../../json-file';

/**
 * What the Stripe stand-in remembers, in Stripe's own shapes (the objects it answers are these,
 * as stored): customers, checkout sessions, subscriptions, invoices, billing portal sessions and
 * the events it sent. Kept in `<dataDir>/stripe.json` so that a restart keeps every company's
 * subscription (the table that names them is kept too); in memory without a data folder (tests).
 * Every change rewrites the file atomically, one write at a time.
 */

/** A Stripe object: its id, its kind, and whatever Stripe says of it. */
export type StripeObject = { id: string; object: string } & Record<string, unknown>;

export interface Delivery {
  at: string;
  /** The webhook's HTTP status, or 0 when it could not be reached. */
  status: number;
}

export interface SentEvent {
  event: StripeObject;
  deliveries: Delivery[];
}

const objectSchema = z.looseObject({ id: z.string(), object: z.string() });
const byId = z.record(z.string(), objectSchema);

const fileSchema = z.object({
  customers: byId,
  checkoutSessions: byId,
  subscriptions: byId,
  invoices: byId,
  portalSessions: byId,
  /** Oldest first. */
  events: z.array(
    z.object({
      event: objectSchema,
      deliveries: z.array(z.object({ at: z.string(), status: z.number() })),
    }),
  ),
});

export type StripeData = {
  [K in Exclude<keyof z.infer<typeof fileSchema>, 'events'>]: Record<string, StripeObject>;
} & { events: SentEvent[] };

export interface StripeStore {
  /** Changed in place by the stand-in; `save()` after each change. */
  readonly data: StripeData;
  save(): Promise<void>;
}

const empty = (): StripeData => ({
  customers: {},
  checkoutSessions: {},
  subscriptions: {},
  invoices: {},
  portalSessions: {},
  events: [],
});

/** Stripe's ids: a prefix and 24 random letters and digits (`cus_…`, `sub_…`, `evt_…`). */
export const stripeId = (prefix: string): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  return `${prefix}_${[...bytes].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
};

export const createStripeStore = async (dataDir?: string): Promise<StripeStore> => {
  if (!dataDir) return { data: empty(), save: async () => undefined };
  const file = jsonFile(join(dataDir, 'stripe.json'), fileSchema);
  const data = ((await file.read()) as StripeData | undefined) ?? empty();
  return { data, save: () => file.write(data) };
};
