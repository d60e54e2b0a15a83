import { describe, expect, it } from 'vitest';
import { makeCampaignHistory, makeGeneration } from '#web/test/fixtures';
import { inFlightOf, versionsOf, withGeneration } from './history';

describe('a generation history', () => {
  const first = makeGeneration();
  const failed = makeGeneration({ _id: 'g2', kind: 'refine', version: 2, status: 'failed' });
  const running = makeGeneration({ _id: 'g3', kind: 'refine', version: 3, status: 'running' });

  it('shows the succeeded generations as its versions, and the newest one still running', () => {
    const history = makeCampaignHistory([first, failed, running]);
    expect(versionsOf(history).map((version) => version._id)).toEqual(['g1']);
    expect(inFlightOf(history)?._id).toBe('g3');
    expect(inFlightOf(makeCampaignHistory([first, failed]))).toBeUndefined();
  });

  it("takes a poll's answer: replaced in place, added in order, or a new history", () => {
    const history = makeCampaignHistory([first, running]);
    const done = makeGeneration({ _id: 'g3', kind: 'refine', version: 3 });
    expect(withGeneration(history, done).versions.map((v) => [v._id, v.status])).toEqual([
      ['g1', 'succeeded'],
      ['g3', 'succeeded'],
    ]);
    expect(
      withGeneration(makeCampaignHistory([first, running]), failed).versions.map((v) => v._id),
    ).toEqual(['g1', 'g2', 'g3']);
    const other = makeGeneration({ _id: 'g9', historyId: 'h2', status: 'pending' });
    expect(withGeneration(history, other)).toEqual({ historyId: 'h2', versions: [other] });
    expect(withGeneration(undefined, other)).toEqual({ historyId: 'h2', versions: [other] });
  });
});
