import type { CampaignHistory, Generation } from '#shared/contract/ai';

/**
 * A history as the generator reads it. The server lists every generation of the history, the
 * failed ones too; the owner sees the succeeded ones as its versions ('Version 1', 'Version 2'…),
 * and at most one still running.
 */

export const EMPTY_HISTORY: CampaignHistory = { historyId: null, versions: [] };

/** A generation that finished with a campaign: it has its data. */
export type Version = Generation & { status: 'succeeded'; data: NonNullable<Generation['data']> };

export const isVersion = (generation: Generation): generation is Version =>
  generation.status === 'succeeded' && generation.data !== null;

/** The versions the owner can look at, oldest first. */
export const versionsOf = (history: CampaignHistory): Version[] =>
  history.versions.filter(isVersion);

/** The generation of the history still under way (the newest, when it is). */
export const inFlightOf = (history: CampaignHistory): Generation | undefined => {
  const newest = history.versions.at(-1);
  return newest && (newest.status === 'pending' || newest.status === 'running')
    ? newest
    : undefined;
};

/**
 * The history after a poll's answer: the generation replaces its earlier answer, or joins its
 * history; a generation of another history starts that one (a new generation, after 'Start New
 * Campaign').
 */
export const withGeneration = (
  history: CampaignHistory | undefined,
  generation: Generation,
): CampaignHistory => {
  if (!history || history.historyId !== generation.historyId) {
    return { historyId: generation.historyId, versions: [generation] };
  }
  const known = history.versions.some((version) => version._id === generation._id);
  const versions = known
    ? history.versions.map((version) => (version._id === generation._id ? generation : version))
    : [...history.versions, generation];
  return { historyId: history.historyId, versions: versions.sort((a, b) => a.version - b.version) };
};
