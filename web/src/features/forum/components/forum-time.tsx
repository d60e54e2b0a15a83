import { forumTime, fullForumTime } from '../forum-time';

/** A moment in the forum: "5 min ago", the full date and time on hover. */
export function ForumTime({ iso, now }: { iso: string; now?: number }) {
  return (
    <time dateTime={iso} title={fullForumTime(iso)}>
      {forumTime(iso, now)}
    </time>
  );
}
