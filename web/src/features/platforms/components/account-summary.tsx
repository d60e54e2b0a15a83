import { useState } from 'react';
import type { PlatformCredential } from '#shared/contract/platforms';
import { formatDate } from '#web/lib/format';

/**
 * The connected account: avatar (its initial when the image cannot load), handle and name; for an
 * Instagram account, the Facebook Page it is linked to and connected through.
 */
export function AccountSummary({ credential }: { credential: PlatformCredential }) {
  const [avatarFailed, setAvatarFailed] = useState(false);
  const { handle, accountName, avatarUrl, createdAt, platform, page } = credential;
  const initial = (accountName || handle).replace(/^@/, '').charAt(0).toUpperCase();
  const since = formatDate(createdAt);
  return (
    <div className="flex min-w-0 items-center gap-3">
      {avatarUrl && !avatarFailed ? (
        <img
          src={avatarUrl}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setAvatarFailed(true)}
          className="size-10 shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600"
        >
          {initial}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900" title={handle}>
          {handle}
        </p>
        {accountName && accountName !== handle ? (
          <p className="truncate text-sm text-slate-600">{accountName}</p>
        ) : since ? (
          <p className="text-sm text-slate-500">Connected {since}</p>
        ) : null}
        {platform === 'instagram' && page ? (
          // Wraps rather than cutting the Page's name: the four narrow columns leave little room.
          <p className="text-sm break-words text-slate-500">{`Linked to the Page ${page.name}`}</p>
        ) : null}
      </div>
    </div>
  );
}
