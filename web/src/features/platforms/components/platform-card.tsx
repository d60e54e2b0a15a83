import clsx from 'clsx';
import type { ReactNode } from 'react';
import { PLATFORMS } from '#shared/domain/tiers';
import { Badge } from '#web/components/badge';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { PlatformIcon } from '#web/components/platform-icon';
import { CONNECT_NOTES } from '../messages';
import type { PlatformCardState } from '../platform-card-state';
import { AccountSummary } from './account-summary';

export interface PlatformCardActions {
  /** The icon: opens the post dialog of a connected platform, else says to connect first. */
  onIconClick: () => void;
  onPost: () => void;
  /** Connect Now and Reconnect: the provider's consent page. */
  onConnect: () => void;
  onDisconnect: () => void;
  onUpgrade: () => void;
}

interface PlatformCardProps extends PlatformCardActions {
  state: PlatformCardState;
  /** The consent page's address is on its way (the browser leaves next). */
  connecting: boolean;
  disconnecting: boolean;
}

function StatusBadge({ state }: { state: PlatformCardState }) {
  switch (state.kind) {
    case 'connected':
      return state.needsReconnection ? (
        <Badge tone="warning">Needs reconnection</Badge>
      ) : (
        <Badge tone="success">Connected</Badge>
      );
    case 'coming-soon':
      return <Badge>Coming Soon</Badge>;
    case 'upgrade':
      return <Badge tone="brand">{`${state.lowestTierName} plan`}</Badge>;
    case 'connect':
      return <Badge>Not connected</Badge>;
  }
}

function Note({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'warning' }) {
  return (
    <p className={clsx('text-sm', tone === 'warning' ? 'text-amber-800' : 'text-slate-600')}>
      {children}
    </p>
  );
}

/** One platform: its name and icon, what is connected, and what can be done about it. */
export function PlatformCard({
  state,
  connecting,
  disconnecting,
  onIconClick,
  onPost,
  onConnect,
  onDisconnect,
  onUpgrade,
}: PlatformCardProps) {
  const name = PLATFORMS[state.platform].name;
  const muted = state.kind === 'coming-soon';
  const disconnect = (
    <Button variant="danger-ghost" size="sm" onClick={onDisconnect} loading={disconnecting}>
      {disconnecting ? 'Disconnecting...' : 'Disconnect'}
    </Button>
  );

  let body: ReactNode;
  let actions: ReactNode = null;
  switch (state.kind) {
    case 'connected':
      body = (
        <div className="space-y-3">
          <AccountSummary credential={state.credential} />
          {state.needsReconnection ? (
            <Note tone="warning">
              {name} stopped accepting posts from this connection. Reconnect to keep posting.
            </Note>
          ) : !state.inTier ? (
            <Note tone="warning">Your plan no longer includes {name}.</Note>
          ) : null}
        </div>
      );
      actions = (
        <>
          {state.needsReconnection ? (
            <Button size="sm" onClick={onConnect} loading={connecting}>
              Reconnect
            </Button>
          ) : state.inTier ? (
            <Button size="sm" onClick={onPost}>
              Post now
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={onUpgrade}>
              Upgrade
            </Button>
          )}
          {disconnect}
        </>
      );
      break;
    case 'connect':
      body = <Note>{CONNECT_NOTES[state.platform]}</Note>;
      actions = (
        <Button size="sm" onClick={onConnect} loading={connecting}>
          Connect Now
        </Button>
      );
      break;
    case 'upgrade':
      body = (
        <Note>
          Upgrade to the {state.lowestTierName} plan to connect {name}.
        </Note>
      );
      actions = (
        <Button size="sm" variant="secondary" onClick={onUpgrade}>
          Upgrade
        </Button>
      );
      break;
    case 'coming-soon':
      body = <Note>Connecting {name} is on its way.</Note>;
      break;
  }

  return (
    <li className="flex min-w-0">
      <section
        aria-labelledby={`platform-${state.platform}`}
        className={clsx(
          cardClasses,
          'flex min-w-0 flex-1 flex-col p-5 xl:p-4',
          muted && 'bg-slate-50/70',
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <button
            type="button"
            onClick={onIconClick}
            aria-label={`Post to ${name}`}
            data-tour="platform-post"
            className={clsx(
              'rounded-xl transition',
              state.kind === 'connected' && 'hover:ring-4 hover:ring-brand-100',
              muted && 'opacity-60 grayscale',
            )}
          >
            <PlatformIcon platform={state.platform} />
          </button>
          <StatusBadge state={state} />
        </div>
        <h2
          id={`platform-${state.platform}`}
          className="mt-4 text-base font-semibold text-slate-900"
        >
          {name}
        </h2>
        <div className="mt-2 flex-1">{body}</div>
        {actions ? (
          // A row where the card is wide; stacked, full width, in the four narrow columns.
          <div className="mt-5 flex flex-wrap items-center gap-2 xl:flex-col xl:items-stretch">
            {actions}
          </div>
        ) : null}
      </section>
    </li>
  );
}
