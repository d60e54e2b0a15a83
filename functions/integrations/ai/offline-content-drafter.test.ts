import { describe, expect, it } from 'vitest';
import { CAMPAIGN_INTENTIONS } from '#shared/domain/campaigns';
import { MODIFY_ASPECTS, type ModifyAspect } from '#shared/domain/content';
import { postTextLength } from '#shared/domain/post-text';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { contentInput } from '#test/support/content-drafter-inputs';
import type { ContentDraftInput } from './content-drafter';
import { createOfflineContentDrafter, offlineContentDrafter } from './offline-content-drafter';
import { asksForLink } from './post-rules';

const draft = async (input: ContentDraftInput) =>
  (await offlineContentDrafter.draftPost(input)).text;

const withInstructions = (input: ContentDraftInput, contentInstructions: string) => ({
  ...input,
  campaign: { ...input.campaign, contentInstructions },
});

describe('offline content drafter', () => {
  it('writes an X post from the campaign’s own words, with one or two hashtags and no link', async () => {
    const stages: string[] = [];
    const result = await offlineContentDrafter.draftPost(contentInput(), async (stage) => {
      stages.push(stage);
    });
    expect(stages).toEqual(['drafting', 'checking']);
    expect(result.usage).toBeNull();
    expect(offlineContentDrafter.source).toBe('offline');

    const length = postTextLength('twitter', result.text);
    expect(length.withinLimit).toBe(true);
    expect(length.hasUrl).toBe(false);
    expect(length.hashtags).toBeGreaterThanOrEqual(1);
    expect(length.hashtags).toBeLessThanOrEqual(2);
    const keyMessages = contentInput().campaign.keyMessages;
    expect(keyMessages.some((message) => result.text.includes(message))).toBe(true);
  });

  it('is deterministic from the seed, and the seed varies it', async () => {
    const first = await draft(contentInput());
    expect(await draft(contentInput())).toBe(first);
    const texts = new Set(
      await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          draft(contentInput({ seed: `generation-${index}` })),
        ),
      ),
    );
    expect(texts.size).toBeGreaterThan(2);
  });

  it('shapes each platform its own way: LinkedIn paragraphs and tags at the end, Instagram the picture and many tags', async () => {
    const linkedIn = await draft(contentInput({ platform: 'linkedin' }));
    expect(linkedIn.split('\n\n').length).toBeGreaterThanOrEqual(3);
    const linkedInTags = postTextLength('linkedin', linkedIn).hashtags;
    expect(linkedInTags).toBeGreaterThanOrEqual(3);
    expect(linkedInTags).toBeLessThanOrEqual(5);
    expect(linkedIn.split('\n\n').at(-1)).toMatch(/^(#\S+ ?)+$/);
    expect(linkedIn).not.toMatch(/\p{Extended_Pictographic}/u);

    const instagram = await draft(contentInput({ platform: 'instagram' }));
    expect(instagram).toContain('📸 A cup of the autumn blend on a wooden table.');
    expect(postTextLength('instagram', instagram).hashtags).toBeGreaterThanOrEqual(5);

    const facebook = await draft(contentInput({ platform: 'facebook' }));
    expect(facebook).toContain('In the picture: a cup of the autumn blend on a wooden table.');
  });

  it('adds the link the instructions ask for, on X too', async () => {
    const input = withInstructions(
      contentInput(),
      'Link to https://harbor.coffee/autumn in every post.',
    );
    const text = await draft(input);
    expect(text).toContain('https://harbor.coffee/autumn');
    expect(postTextLength('twitter', text).withinLimit).toBe(true);
    const website = await draft(withInstructions(contentInput(), 'Mention our website.'));
    expect(website).toContain('https://harbor.coffee/');
  });

  it('avoids the openings and messages of the recent posts', async () => {
    const first = await draft(contentInput({ recentPosts: [] }));
    const second = await draft(contentInput({ recentPosts: [first] }));
    expect(second).not.toBe(first);
    expect(second.split(/[.!?]/)[0]).not.toBe(first.split(/[.!?]/)[0]);
    const third = await draft(contentInput({ recentPosts: [second, first] }));
    expect(new Set([first, second, third]).size).toBe(3);
  });

  describe('revisions', () => {
    const previousOn = async (platform: ContentDraftInput['platform']) =>
      draft(contentInput({ platform }));
    const revise = async (
      previous: string,
      aspects: ModifyAspect[],
      feedback = '',
      platform: ContentDraftInput['platform'] = 'linkedin',
    ) => draft(contentInput({ platform, revision: { previous, feedback, aspects } }));

    it('length: shorter', async () => {
      const previous = await previousOn('linkedin');
      const revised = await revise(previous, ['length'], 'Too long.');
      expect(revised.length).toBeLessThan(previous.length);
    });

    it('tone: another opening, formal when asked', async () => {
      const previous = await previousOn('linkedin');
      const revised = await revise(previous, ['tone'], 'More formal please.');
      expect(revised.split('\n')[0]).not.toBe(previous.split('\n')[0]);
      expect(revised).toMatch(
        /^(An update from Harbor Coffee|We are pleased|A note from Harbor Coffee)/,
      );
    });

    it('messaging: other key messages', async () => {
      const previous = await previousOn('twitter');
      const revised = await revise(previous, ['messaging'], '', 'twitter');
      expect(revised).not.toBe(previous);
      const said = contentInput().campaign.keyMessages.filter((message) =>
        previous.includes(message),
      );
      expect(said.some((message) => revised.includes(message))).toBe(false);
    });

    it('style: another layout, and no hashtags when the feedback says so', async () => {
      const previous = await previousOn('linkedin');
      const revised = await revise(previous, ['style'], 'No hashtags.');
      expect(postTextLength('linkedin', revised).hashtags).toBe(0);
      expect(revised).not.toBe(previous);
    });

    it('without an aspect, still changes the post', async () => {
      const previous = await previousOn('facebook');
      expect(await revise(previous, [], 'Hmm.', 'facebook')).not.toBe(previous);
    });
  });

  it('waits between the stages when asked to, as a model would take time', async () => {
    const waits: number[] = [];
    const drafter = createOfflineContentDrafter({
      pause: async (ms) => {
        waits.push(ms);
      },
    });
    await drafter.draftPost(contentInput());
    expect(waits).toHaveLength(2);
  });
});

/* ----- Property: every post fits its platform ----- */

/** A small seeded generator (mulberry32), so a failing case can be replayed from its number. */
const generator = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
};

const WORDS = [
  'coffee',
  'autumn',
  'blend',
  'caramel',
  'Portland',
  'roasted',
  'fresh',
  'community',
  'morning',
  'neighbourhood',
  'handmade',
  'sustainable',
  'café',
  'naïve',
  '秋のブレンド',
  '珈琲',
  '😀',
  '☕️',
  '👩‍👩‍👧',
  '#already',
  'harbor.coffee',
  'https://example.com/offer',
  'a',
  'supercalifragilisticexpialidocious',
  'ça',
  '—',
  'ok.',
  'really!',
  'why?',
  '2024',
  '10%',
];

const textOf = (random: ReturnType<typeof generator>, words: number) =>
  Array.from({ length: words }, () => random.pick(WORDS)).join(
    random.pick([' ', ' ', ' ', '\n', '. ', ', ']),
  );

const randomInput = (caseNumber: number): ContentDraftInput => {
  const random = generator(caseNumber);
  const long = random.next() < 0.3;
  const instructions = random.pick([
    '',
    'Keep it short.',
    'Always link to https://harbor.coffee/autumn',
    'No links please.',
    'Mention the website.',
    textOf(random, 300),
  ]);
  const input: ContentDraftInput = {
    company: {
      name: random.pick(['Harbor Coffee', '', '珈琲ハーバー', 'A'.repeat(120)]),
      description: textOf(random, random.int(40)),
      brandVoice: random.pick(['Warm and playful.', 'Professional.', '', textOf(random, 20)]),
      brandColors: [],
      website: random.pick(['https://harbor.coffee/', '']),
    },
    campaign: {
      name: textOf(random, 1 + random.int(long ? 30 : 5)),
      description: textOf(random, random.int(long ? 300 : 30)),
      intention: random.pick(CAMPAIGN_INTENTIONS),
      brandVoice: random.pick(['', 'Bold!', 'Calm and understated.']),
      keyMessages: Array.from({ length: random.int(long ? 20 : 5) }, () =>
        textOf(random, 1 + random.int(long ? 100 : 15)),
      ),
      contentInstructions: instructions,
    },
    platform: random.pick(PLATFORM_IDS),
    media: Array.from({ length: random.int(4) }, () => ({
      type: random.pick(['image', 'video'] as const),
      usage: random.pick(['primary', 'secondary', 'reference'] as const),
      description: textOf(random, random.int(long ? 200 : 10)),
    })),
    recentPosts: Array.from({ length: random.int(11) }, () => textOf(random, 5 + random.int(40))),
    seed: `case-${caseNumber}`,
  };
  if (random.next() < 0.4) {
    input.revision = {
      previous: textOf(random, 1 + random.int(long ? 600 : 50)),
      feedback: random.pick([
        '',
        'Shorter please',
        'More playful',
        'No hashtags',
        'longer',
        textOf(random, 20),
      ]),
      aspects: MODIFY_ASPECTS.filter(() => random.next() < 0.4),
    };
  }
  return input;
};

describe('offline content drafter: every post fits its platform (property)', () => {
  const CASES = 600;

  it(`holds for ${CASES} generated inputs: non-empty, within the limit, no link on X unless asked`, async () => {
    const platforms = new Set<string>();
    let revisions = 0;
    for (let caseNumber = 1; caseNumber <= CASES; caseNumber++) {
      const input = randomInput(caseNumber);
      platforms.add(input.platform);
      if (input.revision) revisions++;
      const { text } = await offlineContentDrafter.draftPost(input);
      const length = postTextLength(input.platform, text);
      const context = `case ${caseNumber} (${input.platform}): ${JSON.stringify(text).slice(0, 300)}`;
      expect(text.trim(), context).not.toBe('');
      expect(length.withinLimit, context).toBe(true);
      if (input.platform === 'twitter' && !asksForLink(input.campaign.contentInstructions)) {
        expect(length.hasUrl, context).toBe(false);
      }
      if (caseNumber % 50 === 0) {
        expect((await offlineContentDrafter.draftPost(input)).text, context).toBe(text);
      }
    }
    expect(platforms.size).toBe(PLATFORM_IDS.length);
    expect(revisions).toBeGreaterThan(CASES / 4);
  }, 120_000);
});
