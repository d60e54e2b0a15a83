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

/** A write of the transaction (`entity.create(...).commit()`), or `false` to leave it out. */
type Write = object | false;

type TransactionOutcome<Name extends string> =
  | { committed: true }
  | {
      committed: false;
      /** The named writes whose condition did not hold. */
      failedConditions: ReadonlySet<Name>;
      /** Another request wrote the same items at the same moment: the same writes may succeed now. */
      conflicted: boolean;
      /** Why DynamoDB cancelled, per write ('None' for the writes that were fine). */
      reasons: Readonly<Partial<Record<Name, TransactionItemCode>>>;
    };

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
