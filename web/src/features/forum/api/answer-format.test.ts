import { describe, expect, it } from 'vitest';
import { forumCategoryChoiceSchema } from '#shared/contract/forum';
import { InvalidResponseError, isInvalidResponse, parseAnswer } from './answer-format';

describe('parseAnswer', () => {
  it('answers what parses', () => {
    const choice = { _id: 'cat1', name: 'General', slug: 'general' };
    expect(parseAnswer(forumCategoryChoiceSchema.array(), [choice])).toEqual([choice]);
  });

  it("refuses anything else with 'Invalid response format from server'", () => {
    const parse = () => parseAnswer(forumCategoryChoiceSchema.array(), { data: [] });
    expect(parse).toThrow(InvalidResponseError);
    expect(parse).toThrow('Invalid response format from server');
    try {
      parse();
    } catch (error) {
      expect(isInvalidResponse(error)).toBe(true);
    }
    expect(isInvalidResponse(new Error('Failed'))).toBe(false);
  });
});
