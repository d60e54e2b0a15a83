import type { ContentDraftInput } from '#functions/integrations/ai/content-drafter';
import { HARBOR } from './campaign-drafter-inputs';

/** A real-shaped post to draft: Harbor Coffee's autumn launch, on X, with two images. */
export const contentInput = (overrides: Partial<ContentDraftInput> = {}): ContentDraftInput => ({
  company: HARBOR,
  campaign: {
    name: 'Autumn Blend Launch',
    description:
      'Harbor Coffee launches its autumn blend for coffee lovers in Portland, with 10% off the first week.',
    intention: 'product-launch',
    brandVoice: 'Warm, upbeat and neighbourly.',
    keyMessages: [
      'The autumn blend is here: caramel and baked apple in every cup.',
      'Roasted in small batches in Portland, shipped the day it is roasted.',
      'Ten per cent off in the first week.',
    ],
    contentInstructions: 'Tease it, launch it, then share first reactions. Keep it cosy.',
  },
  platform: 'twitter',
  media: [
    { type: 'image', usage: 'primary', description: 'A cup of the autumn blend on a wooden table' },
    { type: 'image', usage: 'secondary', description: 'Freshly roasted beans' },
  ],
  recentPosts: ['Something is brewing at Harbor Coffee… Autumn is nearly here. #AutumnBlend'],
  seed: 'generation-1',
  ...overrides,
});
