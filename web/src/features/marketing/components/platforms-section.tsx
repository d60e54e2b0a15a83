import clsx from 'clsx';
import { PLATFORM_IDS, PLATFORMS } from '#shared/domain/tiers';
import { Badge } from '#web/components/badge';
import { cardClasses } from '#web/components/card';
import { PlatformIcon } from '#web/components/platform-icon';

const names = (comingSoon: boolean) =>
  new Intl.ListFormat('en', { type: 'conjunction' }).format(
    PLATFORM_IDS.filter((id) => PLATFORMS[id].comingSoon === comingSoon).map(
      (id) => PLATFORMS[id].name,
    ),
  );

/** The platforms from the one table: which connect today, which are still coming. */
const platformsSentence = (): string => {
  const coming = names(true);
  return `Connect ${names(false)} today.${coming ? ` ${coming} are on the way.` : ''}`;
};

export function PlatformsSection() {
  return (
    <section
      id="platforms"
      aria-labelledby="platforms-title"
      className="scroll-mt-20 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-600">Platforms</p>
          <h2
            id="platforms-title"
            className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl"
          >
            Where your posts go
          </h2>
          <p className="mt-4 text-lg text-slate-600">{platformsSentence()}</p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PLATFORM_IDS.map((id) => {
            const platform = PLATFORMS[id];
            return (
              <li key={id} className={clsx(cardClasses, 'flex items-center gap-4 p-5')}>
                <PlatformIcon
                  platform={id}
                  className={platform.comingSoon ? 'opacity-60' : undefined}
                />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{platform.name}</p>
                  <div className="mt-1">
                    {platform.comingSoon ? (
                      <Badge>Coming soon</Badge>
                    ) : (
                      <Badge tone="success">Connectable</Badge>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
