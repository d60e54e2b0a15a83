import {
  createWriteTransaction,
  type Entity,
  type TransactionItem,
  type TransactionItemCode,
} from 'electrodb';

// ElectroDB's entity types take four type parameters that a helper over any entity cannot name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEntity = Entity<any, any, any, any>;
type Entities = Record<string, AnyEntity>;

/** What a transaction's builder receives: each entity, whose writes end in `.commit()`. */
type TransactionEntities<E extends Entities> = Parameters<
  Parameters<typeof createWriteTransaction<E, unknown, []>>[1]
>[0];

/** One entity as a transaction's builder receives it, for a helper that builds one of its writes. */
export type InTransaction<E extends AnyEntity> = TransactionEntities<{ entity: E }>['entity'];

/** A write of the transaction (`entity.create(...).commit()`), or `false` to leave it out. */
type Write = object | false;

export interface CancelledTransaction<Name extends string> {
  committed: false;
  /** The named writes whose condition did not hold. */
  failedConditions: ReadonlySet<Name>;
  /** Another request wrote the same items at the same moment: the same writes may succeed now. */
  conflicted: boolean;
  /** Why DynamoDB cancelled, per write ('None' for the writes that were fine). */
  reasons: Readonly<Partial<Record<Name, TransactionItemCode>>>;
}

type TransactionOutcome<Name extends string> = { committed: true } | CancelledTransaction<Name>;

/**
 * Whether a cancelled transaction lost a race, and may commit when tried again: it met another
 * transaction on the same items, or one of the named writes, whose condition is what the caller
 * read (a counter's total, a status), found it changed.
 */
export const lostRace = <Name extends string>(
  outcome: CancelledTransaction<Name>,
  ...readConditions: NoInfer<Name>[]
): boolean =>
  outcome.conflicted || readConditions.some((name) => outcome.failedConditions.has(name));

/** A transaction cancelled for a reason its caller does not expect: a bug, or an outage. */
export class TransactionCancelled extends Error {
  override name = 'TransactionCancelled';
  constructor(what: string, outcome: CancelledTransaction<string>) {
    super(`${what}: ${JSON.stringify(outcome.reasons)}`);
  }
}

/**
 * A write built on an entity outside a transaction's builder (`entity.patch(...).where(...)`) as
 * a write of the transaction, so a module that owns an item's writes can hand one to a caller's
 * transaction. ElectroDB's types offer `.commit()` only inside the builder; every write has it.
 */
export const asTransactionItem = (write: { params: unknown }): object =>
  (write as unknown as { commit: () => object }).commit();

/**
 * One DynamoDB transaction built from named writes. When DynamoDB cancels it, the answer says
 * which writes' conditions failed by their names (`failedConditions.has('emailClaim')`), so the
 * caller never decodes cancellation reasons by position — positions shift as soon as a write is
 * optional.
 */
export const writeTransaction = async <E extends Entities, W extends Record<string, Write>>(
  entities: E,
  build: (entities: TransactionEntities<E>) => W,
): Promise<TransactionOutcome<Extract<keyof W, string>>> => {
  type Name = Extract<keyof W, string>;
  const writes = Object.entries(build(entities as unknown as TransactionEntities<E>)).filter(
    (entry): entry is [Name, object] => entry[1] !== false,
  );
  const result = await createWriteTransaction(
    entities,
    () => writes.map(([, write]) => write) as never,
  ).go();
  if (!result.canceled) return { committed: true };
  const items = result.data as unknown as TransactionItem<unknown>[];
  const reasons: Partial<Record<Name, TransactionItemCode>> = {};
  writes.forEach(([name], index) => {
    reasons[name] = items[index]?.code ?? 'None';
  });
  const namesWith = (code: TransactionItemCode) =>
    writes.map(([name]) => name).filter((name) => reasons[name] === code);
  return {
    committed: false,
    failedConditions: new Set(namesWith('ConditionalCheckFailed')),
    conflicted: namesWith('TransactionConflict').length > 0,
    reasons,
  };
};
