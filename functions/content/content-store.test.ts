import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ContentStatus } from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';
import { useLocalTable } from '#test/support/local-table';
import { contentEntity } from '../core/db/entities/content';
import { contentRefEntity } from '../core/db/entities/content-ref';
import { listContent, recordDraft, removeCampaignContent } from './content-store';

/** A campaign's content against DynamoDB Local: which index answers which filter is the point. */
describe('content store', () => {
  useLocalTable();

  const campaign = () => ({ companyId: randomUUID(), campaignId: randomUUID() });

  /** Posts written a millisecond apart, oldest first, with the statuses given. */
  const seed = async (
    owner: { companyId: string; campaignId: string },
    posts: readonly [PlatformId, ContentStatus][],
  ) => {
    const start = Date.now();
    const written = [];
    for (const [index, [platform, status]] of posts.entries()) {
      const draft = await recordDraft(
        { ...owner, platform, content: `Post ${index + 1}`, source: 'offline' },
        start + index,
      );
      if (status !== 'draft') {
        await contentEntity().patch(draft).set({ status }).go();
      }
      written.push(`Post ${index + 1}`);
    }
    return written;
  };

  const texts = (page: { data: { content: string }[] }) => page.data.map((item) => item.content);

  it('writes a draft, version 1, with the generation it came from', async () => {
    const owner = campaign();
    const draft = await recordDraft({
      ...owner,
      platform: 'twitter',
      content: 'Autumn blend, out now.',
      source: 'openai',
      generationId: 'gen-1',
    });
    expect(draft).toMatchObject({
      status: 'draft',
      version: 1,
      imageIds: [],
      modificationHistory: [],
      platform: 'twitter',
      generation: { source: 'openai', generationId: 'gen-1' },
    });
  });

  it('lists newest first by status, by platform, by both, or all but hidden', async () => {
    const owner = campaign();
    await seed(owner, [
      ['twitter', 'draft'],
      ['linkedin', 'draft'],
      ['twitter', 'approved'],
      ['twitter', 'hidden'],
      ['linkedin', 'rejected'],
      ['twitter', 'draft'],
    ]);
    const page = { limit: 10 };
    expect(texts(await listContent(owner.companyId, owner.campaignId, {}, page))).toEqual([
      'Post 6',
      'Post 5',
      'Post 3',
      'Post 2',
      'Post 1',
    ]);
    expect(
      texts(await listContent(owner.companyId, owner.campaignId, { status: 'draft' }, page)),
    ).toEqual(['Post 6', 'Post 2', 'Post 1']);
    expect(
      texts(await listContent(owner.companyId, owner.campaignId, { platform: 'twitter' }, page)),
    ).toEqual(['Post 6', 'Post 3', 'Post 1']);
    expect(
      texts(
        await listContent(
          owner.companyId,
          owner.campaignId,
          { platform: 'twitter', status: 'draft' },
          page,
        ),
      ),
    ).toEqual(['Post 6', 'Post 1']);
  });

  it('pages with a cursor, full pages although filtered items sit between', async () => {
    const owner = campaign();
    await seed(owner, [
      ['twitter', 'draft'],
      ['twitter', 'hidden'],
      ['twitter', 'hidden'],
      ['twitter', 'draft'],
      ['twitter', 'hidden'],
      ['twitter', 'draft'],
    ]);
    const first = await listContent(owner.companyId, owner.campaignId, {}, { limit: 2 });
    expect(texts(first)).toEqual(['Post 6', 'Post 4']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listContent(
      owner.companyId,
      owner.campaignId,
      {},
      { limit: 2, cursor: first.nextCursor! },
    );
    expect(texts(second)).toEqual(['Post 1']);
  });

  it('never lists another company’s posts under the same campaign id', async () => {
    const owner = campaign();
    const stranger = { companyId: randomUUID(), campaignId: owner.campaignId };
    await seed(owner, [['twitter', 'draft']]);
    for (const filter of [{}, { status: 'draft' as const }, { platform: 'twitter' as const }]) {
      expect(
        texts(await listContent(stranger.companyId, stranger.campaignId, filter, { limit: 10 })),
      ).toEqual([]);
    }
  });

  it('removes a campaign’s posts, and a second run finds nothing', async () => {
    const owner = campaign();
    const other = { companyId: owner.companyId, campaignId: randomUUID() };
    await seed(owner, [
      ['twitter', 'draft'],
      ['linkedin', 'approved'],
    ]);
    await seed(other, [['twitter', 'draft']]);
    const refsOf = async () =>
      (
        await contentRefEntity()
          .query.byPost({ companyId: owner.companyId })
          .go({ pages: 'all', consistent: true })
      ).data.map((ref) => ref.campaignId);
    expect(await refsOf()).toEqual([owner.campaignId, owner.campaignId, other.campaignId]);

    expect(await removeCampaignContent(owner.companyId, owner.campaignId)).toBe(2);
    expect(await removeCampaignContent(owner.companyId, owner.campaignId)).toBe(0);
    expect(texts(await listContent(other.companyId, other.campaignId, {}, { limit: 10 }))).toEqual([
      'Post 1',
    ]);
    // The pointers from the posts' ids go with them; the other campaign's stays.
    expect(await refsOf()).toEqual([other.campaignId]);
  });
});
