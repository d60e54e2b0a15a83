import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/contract/users';
import type { Role } from '#shared/domain/users';
import { readSession } from '#web/lib/session-storage';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { makeUser, seedSession } from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { FORUM_REPLY_EMAILS_LABEL, ForumReplyEmails } from './forum-reply-emails';

const renderSetting = (
  role: Role,
  forumReplyEmails = true,
  answers: Record<string, MockAnswer> = {},
) => {
  seedSession({ user: makeUser({ role, forumReplyEmails }) });
  const fetchMock = mockFetch(answers);
  renderScreen('/profile', <ForumReplyEmails />, { at: '/profile' });
  return { fetchMock, user: userEvent.setup() };
};

describe('ForumReplyEmails', () => {
  it.each(['founder', 'admin'] as const)('is on by default for a %s', (role) => {
    renderSetting(role);
    expect(screen.getByRole('checkbox', { name: FORUM_REPLY_EMAILS_LABEL })).toBeChecked();
    expect(FORUM_REPLY_EMAILS_LABEL).toBe('Email me about forum replies');
  });

  it('is on for a session stored before the setting existed', () => {
    const { forumReplyEmails: _left, ...older } = makeUser({ role: 'founder' });
    seedSession({ user: older as User });
    mockFetch({});
    renderScreen('/profile', <ForumReplyEmails />, { at: '/profile' });
    expect(screen.getByRole('checkbox', { name: FORUM_REPLY_EMAILS_LABEL })).toBeChecked();
  });

  it.each(['user', 'staff'] as const)('is not offered to a %s, who is not in the forum', (role) => {
    renderSetting(role);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('saves a change at once through the profile update', async () => {
    const { fetchMock, user } = renderSetting('founder', true, {
      'PUT /api/users/u1': { body: makeUser({ role: 'founder', forumReplyEmails: false }) },
    });
    await user.click(screen.getByRole('checkbox', { name: FORUM_REPLY_EMAILS_LABEL }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: FORUM_REPLY_EMAILS_LABEL })).not.toBeChecked();
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/u1')).toEqual([{ forumReplyEmails: false }]);
    expect(readSession().user?.forumReplyEmails).toBe(false);
  });

  it('puts the box back and says why when the change is refused', async () => {
    const { user } = renderSetting('founder', false, {
      'PUT /api/users/u1': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'forumReplyEmails must be true or false',
          error: 'Bad Request',
        },
      },
    });
    await user.click(screen.getByRole('checkbox', { name: FORUM_REPLY_EMAILS_LABEL }));
    expect(await screen.findByText('forumReplyEmails must be true or false')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: FORUM_REPLY_EMAILS_LABEL })).not.toBeChecked();
  });
});
