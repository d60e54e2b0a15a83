import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type { createCategoryBody } from '#shared/contract/forum';
import { categorySlug, FORUM_CATEGORIES_MAX } from '#shared/domain/forum';
import { CONTENDED, retryOnContention } from '../core/db/contention';
import { counterEntity } from '../core/db/entities/counter';
import {
  forumCategoryEntity,
  forumCategoryRefEntity,
  type ForumCategoryRecord,
} from '../core/db/entities/forum-category';
import { writeTransaction, TransactionCancelled } from '../core/db/transaction';
import { Conflict, LimitReached, NotFound } from '../core/errors';
import { inCategoryOrder } from './views';

/** Categories in all, counted with each create so their number stays within the cap. */
const CATEGORIES_COUNTER = 'forumCategories';

const categoryNotFound = () => new NotFound('FORUM_CATEGORY_NOT_FOUND', 'Category not found');

/** Every category, in order: one query of the categories' partition. */
export const listCategoryRecords = async (): Promise<ForumCategoryRecord[]> => {
  const { data } = await forumCategoryEntity()
    .query.bySlug({ board: 'forum' })
    .go({ limit: FORUM_CATEGORIES_MAX });
  return inCategoryOrder(data);
};

export const loadCategoryBySlug = async (slug: string): Promise<ForumCategoryRecord> => {
  const { data } = await forumCategoryEntity()
    .get({ board: 'forum', slug })
    .go({ consistent: true });
  if (!data) throw categoryNotFound();
  return data;
};

/** The category a new thread names by id (its pointer gives the slug, the key of the category). */
export const loadCategoryById = async (categoryId: string): Promise<ForumCategoryRecord> => {
  const { data: ref } = await forumCategoryRefEntity().get({ categoryId }).go({ consistent: true });
  if (!ref) throw categoryNotFound();
  return loadCategoryBySlug(ref.slug);
};

type NewCategory = z.output<typeof createCategoryBody>;

/**
 * Creates a category, its id's pointer and one more on the categories' count in one transaction.
 * The category is created only where no category has its slug, so of two creates of one slug at
 * once exactly one wins; the other answers FORUM_SLUG_TAKEN. A race with another create (both
 * counting) is tried again.
 */
export const createCategory = async (
  body: NewCategory,
  createdBy: string,
): Promise<ForumCategoryRecord> => {
  const slug = categorySlug(body.name);
  const categoryId = randomUUID();
  await retryOnContention(
    { attempts: 8, exhausted: 'Creating a forum category stayed contended' },
    async () => {
      const outcome = await writeTransaction(
        {
          category: forumCategoryEntity(),
          ref: forumCategoryRefEntity(),
          counter: counterEntity(),
        },
        ({ category, ref, counter }) => ({
          category: category
            .create({
              slug,
              categoryId,
              name: body.name,
              description: body.description,
              order: body.order,
              createdBy,
            })
            .commit(),
          ref: ref.create({ categoryId, slug }).commit(),
          count: counter
            .update({ name: CATEGORIES_COUNTER })
            .add({ total: 1 })
            .where(
              (attr, op) =>
                `${op.notExists(attr.total)} OR ${op.lt(attr.total, FORUM_CATEGORIES_MAX)}`,
            )
            .commit(),
        }),
      );
      if (outcome.committed) return true;
      if (outcome.failedConditions.has('category')) {
        throw new Conflict('FORUM_SLUG_TAKEN', `A category with the slug "${slug}" already exists`);
      }
      if (outcome.failedConditions.has('count')) {
        throw new LimitReached(
          'FORUM_CATEGORY_LIMIT_REACHED',
          `The forum has its ${FORUM_CATEGORIES_MAX} categories: no more can be made`,
        );
      }
      // A random id cannot be taken; anything else is a race with another write.
      if (outcome.conflicted) return CONTENDED;
      throw new TransactionCancelled('Creating a forum category', outcome);
    },
  );
  return loadCategoryBySlug(slug);
};
