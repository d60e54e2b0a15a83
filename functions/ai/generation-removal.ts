import { deleteItemKeys } from '../core/db/batch-delete';
import { campaignGenerationEntity } from '../core/db/entities/campaign-generation';
import { generationRefEntity } from '../core/db/entities/generation-ref';

/**
 * A deleted company's generation pointers: they live outside the company's item collection
 * (keyed by generation id), so the company's clean-up removes them explicitly, before the
 * generations themselves go with the company's partition. Safe to run twice.
 */
export const removeCompanyGenerationRefs = async (companyId: string): Promise<number> => {
  const { data } = await campaignGenerationEntity()
    .query.byHistory({ companyId })
    .go({ pages: 'all', consistent: true, attributes: ['generationId'] });
  await deleteItemKeys(
    data.map(
      ({ generationId }) =>
        generationRefEntity().delete({ generationId }).params<{ Key: Record<string, unknown> }>()
          .Key,
    ),
  );
  return data.length;
};
