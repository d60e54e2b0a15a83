import { describe, expect, it, vi } from 'vitest';
import {
  completedAfter,
  forgetEndedTours,
  isTourDue,
  latestReplayRequest,
  rememberTourEnded,
  requestTourReplay,
  subscribeToReplays,
} from './tour-progress';

describe('tour progress', () => {
  it('records a tour once; company-dashboard records dashboard too', () => {
    expect(completedAfter(['platforms'], 'campaign-form')).toEqual(['platforms', 'campaign-form']);
    expect(completedAfter(['campaign-form'], 'campaign-form')).toEqual(['campaign-form']);
    expect(completedAfter([], 'company-dashboard')).toEqual(['company-dashboard', 'dashboard']);
  });

  it('a tour is due until completed, and not again in this tab once ended, until Replay tours', () => {
    expect(isTourDue(undefined, 'platforms')).toBe(false);
    expect(isTourDue(['platforms'], 'platforms')).toBe(false);
    expect(isTourDue([], 'platforms')).toBe(true);

    // Ended (its save may have failed): the completed list still lacks it, it stays away.
    rememberTourEnded('company-dashboard');
    expect(isTourDue([], 'company-dashboard')).toBe(false);
    expect(isTourDue([], 'dashboard')).toBe(false);
    expect(isTourDue([], 'platforms')).toBe(true);

    forgetEndedTours();
    expect(isTourDue([], 'company-dashboard')).toBe(true);
  });

  it('tells the page of each replay asked for, one request from the next', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToReplays(listener);
    requestTourReplay('platforms');
    const first = latestReplayRequest();
    requestTourReplay('platforms');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(latestReplayRequest()).toMatchObject({ tour: 'platforms' });
    expect(latestReplayRequest()!.seq).toBeGreaterThan(first!.seq);
    unsubscribe();
  });
});
