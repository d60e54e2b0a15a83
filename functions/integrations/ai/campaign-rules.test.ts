import { describe, expect, it } from 'vitest';
import { clipText, readFeedback } from './campaign-rules';

describe('campaign rules', () => {
  it('clips at a word and keeps paragraphs', () => {
    expect(clipText('  One  two\tthree  ', 100)).toBe('One two three');
    expect(clipText('First paragraph. \n\n\n\n Second  one.', 100)).toBe(
      'First paragraph.\n\nSecond one.',
    );
    expect(clipText('alpha beta gamma delta', 15)).toBe('alpha beta…');
    expect(clipText('x'.repeat(30), 10)).toHaveLength(10);
  });

  it('reads feedback: a lexicon score from 0 to 1 and its points', () => {
    expect(readFeedback('Love it! Perfect.').sentimentScore).toBe(1);
    expect(readFeedback('Too long and boring.').sentimentScore).toBe(0);
    expect(readFeedback('Not good, but the name is great.')).toEqual({
      sentimentScore: 0.5,
      keyPoints: ['Not good', 'The name is great'],
    });
    expect(readFeedback('Use British spelling').sentimentScore).toBe(0.5);
  });
});
