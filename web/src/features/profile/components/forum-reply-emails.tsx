import clsx from 'clsx';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { canSeeForum } from '#shared/domain/users';
import { cardClasses } from '#web/components/card';
import { Checkbox } from '#web/components/checkbox';
import { PROFILE_MESSAGES, updateUserFailureText, useUpdateUser } from '#web/lib/api/update-user';
import { isSessionEnded } from '#web/lib/error-text';
import { useSession } from '#web/lib/session';

export const FORUM_REPLY_EMAILS_LABEL = 'Email me about forum replies';

/**
 * The Founder Forum's email setting, for those in the forum: a reply in a thread one started or
 * replied to sends an email (on unless turned off). It is saved as soon as it is changed.
 */
export function ForumReplyEmails() {
  const { user } = useSession();
  const updateUser = useUpdateUser();
  const [saving, setSaving] = useState<boolean | null>(null);
  if (!user || !canSeeForum(user.role)) return null;
  // A session stored before the setting existed has no value for it: on, as by default.
  const stored: boolean | undefined = user.forumReplyEmails;
  // While a change is saved it shows as chosen; a refusal puts it back.
  const checked = saving ?? stored !== false;

  const change = async (on: boolean) => {
    setSaving(on);
    try {
      await updateUser({ forumReplyEmails: on });
      toast.success(PROFILE_MESSAGES.updated);
    } catch (error) {
      if (!isSessionEnded(error)) toast.error(updateUserFailureText(error));
    } finally {
      setSaving(null);
    }
  };

  return (
    <section
      aria-labelledby="forum-emails-title"
      className={clsx(cardClasses, 'mt-10 space-y-3 p-5 sm:p-6')}
    >
      <h2 id="forum-emails-title" className="text-base font-semibold text-slate-900">
        Founder Forum
      </h2>
      <Checkbox
        label={FORUM_REPLY_EMAILS_LABEL}
        description="When someone replies in a thread you started or replied to: at most one email an hour per thread, with a link to it."
        checked={checked}
        disabled={saving !== null}
        onChange={(event) => void change(event.target.checked)}
      />
    </section>
  );
}
