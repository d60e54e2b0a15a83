import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client';
import { createThreadFailureText } from './failure-text';

describe('createThreadFailureText', () => {
  it("joins the server's messages about fields with commas", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', {
      title: 'Title must be at most 150 characters',
      content: 'Content is required',
    });
    expect(createThreadFailureText(error)).toBe(
      'Title must be at most 150 characters, Content is required',
    );
  });

  it("says the server's message when no field is named", () => {
    const error = new ApiError(429, 'FORUM_THREAD_LIMIT_REACHED', 'You can start 10 threads a day');
    expect(createThreadFailureText(error)).toBe('You can start 10 threads a day');
  });

  it("says 'Failed to create thread' without a message", () => {
    expect(createThreadFailureText(new ApiError(0, undefined, ''))).toBe('Failed to create thread');
    expect(createThreadFailureText(new Error('boom'))).toBe('Failed to create thread');
  });
});
