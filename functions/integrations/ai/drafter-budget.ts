import { sleep } from '#functions/core/backoff';
import { currentEnvironment } from '#functions/core/environment';
import {
  isPrepaid,
  takeThroughput,
  ThroughputWait,
  type TakeOptions,
} from '#functions/core/limits/throughput';
import type { ThroughputBucket } from '#functions/core/limits/throughput-buckets';
import { DrafterUnavailable } from './campaign-drafter';
import type { ContentDrafter } from './content-drafter';

/** The OpenAI limits every draft counts against. */
export const OPENAI_BUCKETS: readonly ThroughputBucket[] = ['ai-requests', 'ai-tokens'];

/**
 * What one post's draft costs in OpenAI tokens, prompt and answer together: taken from the
 * tokens-a-minute bucket before the request (the real count is known only after it).
 */
export const OPENAI_TOKENS_PER_DRAFT = 2_000;

/** A draft waits this long at most for OpenAI's limits before it is refused as unavailable. */
const DRAFT_WAIT_MS = 30_000;

/**
 * Takes `drafts` requests and their tokens from the OpenAI buckets, or throws ThroughputWait (the
 * requests taken stay spent: the tokens' wait is the longer one, and they refill meanwhile).
 */
export const takeDraftBudget = async (drafts: number, options: TakeOptions = {}): Promise<void> => {
  if (drafts < 1) return;
  await takeThroughput('ai-requests', drafts, options);
  await takeThroughput('ai-tokens', drafts * OPENAI_TOKENS_PER_DRAFT, options);
};

/**
 * The sandbox's stand-in for OpenAI's time to answer (`SANDBOX_DRAFTER_DELAY_MS`, `2000-5000`: a
 * wait drawn evenly between the two), so the load simulation drafts at a realistic pace.
 */
const sandboxDelay = async (): Promise<void> => {
  const { SANDBOX, SANDBOX_DRAFTER_DELAY_MS } = currentEnvironment();
  if (SANDBOX !== 'true' || !SANDBOX_DRAFTER_DELAY_MS) return;
  const [low = 0, high = low] = SANDBOX_DRAFTER_DELAY_MS.split('-').map(Number);
  await sleep(low + Math.random() * Math.max(0, high - low));
};

/**
 * The drafter behind OpenAI's limits: each draft takes its budget first (unless its caller paid
 * for it already, as a morning does), waiting up to DRAFT_WAIT_MS; longer, it is refused as
 * unavailable, which the owner may try again.
 */
export const withinDraftBudget = (drafter: ContentDrafter): ContentDrafter => ({
  source: drafter.source,
  async draftPost(input, onStage) {
    if (!OPENAI_BUCKETS.every(isPrepaid)) {
      try {
        await takeDraftBudget(1, { maxWaitMs: DRAFT_WAIT_MS });
      } catch (error) {
        if (error instanceof ThroughputWait) throw new DrafterUnavailable(error.message);
        throw error;
      }
    }
    await sandboxDelay();
    return drafter.draftPost(input, onStage);
  },
});
