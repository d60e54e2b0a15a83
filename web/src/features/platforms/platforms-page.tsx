import { lazy, Suspense, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { Company } from '#shared/contract/companies';
import { effectiveTierOf } from '#shared/domain/subscription';
import { PLATFORM_IDS, PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { Breadcrumb } from '#web/components/breadcrumb';
import { CompanyLoadError } from '#web/components/company-page-states';
import { ManageSubscriptionModal } from '#web/components/manage-subscription-modal';
import { PageHeader } from '#web/components/page-header';
import { PageTour } from '#web/components/tours/page-tour';
import { TourHelpButton } from '#web/components/tours/tour-help-button';
import { PlanPausedAlert } from '#web/components/plan-paused-alert';
import { RetryAlert } from '#web/components/retry-alert';
import { Spinner } from '#web/components/spinner';
import { useCompany } from '#web/lib/api/get-company';
import { usePlatformCredentials } from '#web/lib/api/list-platform-credentials';
import { importWithTimeout } from '#web/lib/lazy-import';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';
import { DisconnectDialog } from './components/disconnect-dialog';
import { ManagingBanner } from './components/managing-banner';
import { PagePicker } from './components/page-picker';
import { PLATFORMS_TOUR } from './platforms-tour';
import { PlatformCard } from './components/platform-card';
import { PAGE_PICKER_TEXTS, PLATFORM_MESSAGES } from './messages';
import { platformCardState, type PlatformCardState } from './platform-card-state';
import { useConnectPlatform } from './use-connect-platform';
import { useConnectReturnToast } from './use-connect-return-toast';
import { useDisconnectFlow } from './use-disconnect-flow';
import { usePagePicker } from './use-page-picker';

// The dialog brings twitter-text and the drop zone: loaded apart, once an account is connected.
const loadPostDialog = () => importWithTimeout(() => import('./components/post-dialog'));
const PostDialog = lazy(() => loadPostDialog().then((module) => ({ default: module.PostDialog })));

/**
 * A company whose trial or subscription has ended keeps its connections, but nothing is published
 * until it has a plan (Post now is refused with SUBSCRIPTION_REQUIRED): said before anyone tries.
 */
function PausedNotice({ company, onChoosePlan }: { company: Company; onChoosePlan: () => void }) {
  return (
    <PlanPausedAlert
      company={company}
      onChoosePlan={onChoosePlan}
      tone="warning"
      title="Publishing is paused"
      className="mb-6"
    />
  );
}

interface PostTarget {
  platform: ConnectablePlatform;
  handle: string;
}

/** /dashboard/company/{companyId}/platforms: connect, disconnect and post now. */
export function PlatformsPage() {
  const companyId = useRouteCompanyId();
  const { company, error: companyError } = useCompany(companyId);
  const { credentials, isLoading, failed, retry } = usePlatformCredentials(companyId, {
    failureToast: PLATFORM_MESSAGES.loadFailed,
  });
  useConnectReturnToast();
  const pagePicker = usePagePicker(companyId);
  const { connecting, connect } = useConnectPlatform(companyId);
  const disconnect = useDisconnectFlow(companyId);
  const [plansOpen, setPlansOpen] = useState(false);
  const [postTarget, setPostTarget] = useState<PostTarget | null>(null);
  // What was typed for each platform and not posted yet: closing the dialog by mistake keeps it.
  const [drafts, setDrafts] = useState<Partial<Record<ConnectablePlatform, string>>>({});
  const setDraft = (platform: ConnectablePlatform, text: string) =>
    setDrafts((current) => ({ ...current, [platform]: text }));

  const canPost = credentials.some((credential) => credential.metadata.connected);
  useEffect(() => {
    // Fetched ahead, so the dialog opens at once; a failure shows when it is opened.
    if (canPost) loadPostDialog().catch(() => undefined);
  }, [canPost]);

  const name = company?.name ?? 'Company';
  const overview = `/dashboard/company/${companyId ?? ''}`;

  const onIconClick = (state: PlatformCardState) => {
    const platformName = PLATFORMS[state.platform].name;
    if (state.kind !== 'connected') {
      toast(PLATFORM_MESSAGES.connectFirst(platformName), { id: 'connect-first' });
    } else if (state.needsReconnection) {
      toast(PLATFORM_MESSAGES.reconnectFirst(platformName), { id: 'connect-first' });
    } else if (!state.inTier) {
      setPlansOpen(true);
    } else {
      setPostTarget({ platform: state.platform, handle: state.credential.handle });
    }
  };

  const content = () => {
    if (companyError) return <CompanyLoadError message={companyError} />;
    if (!company || isLoading) {
      return (
        <div className="flex justify-center py-20 text-brand-600">
          <Spinner label="Loading platforms" size="lg" />
        </div>
      );
    }
    return (
      <>
        <ManagingBanner company={company} onComparePlans={() => setPlansOpen(true)} />
        <PausedNotice company={company} onChoosePlan={() => setPlansOpen(true)} />
        {failed ? (
          <RetryAlert onRetry={retry}>{PLATFORM_MESSAGES.loadFailed}</RetryAlert>
        ) : (
          // Four columns once the content area beside the sidebar is wide enough for them.
          <ul
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
            data-tour="platform-cards"
          >
            {PLATFORM_IDS.map((platform) => {
              const state = platformCardState(platform, effectiveTierOf(company), credentials);
              const credential = state.kind === 'connected' ? state.credential : null;
              // Only a card that can connect offers Connect Now or Reconnect.
              const connectable =
                state.kind === 'connect' || state.kind === 'connected' ? state.platform : null;
              return (
                <PlatformCard
                  key={platform}
                  state={state}
                  connecting={connecting === platform}
                  disconnecting={
                    credential !== null && disconnect.disconnectingId === credential._id
                  }
                  onIconClick={() => onIconClick(state)}
                  onPost={() => onIconClick(state)}
                  onConnect={() => connectable && void connect(connectable)}
                  onDisconnect={() => credential && disconnect.ask(credential)}
                  onUpgrade={() => setPlansOpen(true)}
                />
              );
            })}
          </ul>
        )}
      </>
    );
  };

  return (
    <>
      <title>{`Platforms · ${name} · Sailpost`}</title>
      <PageHeader
        breadcrumb={
          <Breadcrumb items={[{ label: name, path: overview }, { label: 'Platforms' }]} />
        }
        title="Platforms"
        description="Connect your company's social accounts, then post to them right from here."
        help={<TourHelpButton tour="platforms" />}
      />
      <PageTour
        tour="platforms"
        steps={PLATFORMS_TOUR}
        ready={!!company && !isLoading && !failed && !companyError}
      />
      {content()}

      {company ? (
        <ManageSubscriptionModal
          open={plansOpen}
          onClose={() => setPlansOpen(false)}
          company={company}
        />
      ) : null}
      {pagePicker.platform && company ? (
        <PagePicker
          title={PAGE_PICKER_TEXTS[pagePicker.platform].title}
          description={PAGE_PICKER_TEXTS[pagePicker.platform].description(company.name)}
          list={pagePicker.list}
          onRetry={pagePicker.retry}
          onChoose={pagePicker.choose}
          choosing={pagePicker.choosing}
          chooseError={pagePicker.chooseError}
          onClose={pagePicker.close}
        />
      ) : null}
      <DisconnectDialog
        credential={disconnect.asking}
        busy={disconnect.disconnectingId !== null}
        onCancel={disconnect.cancel}
        onConfirm={() => void disconnect.confirm()}
      />
      {postTarget && companyId ? (
        <Suspense fallback={null}>
          <PostDialog
            companyId={companyId}
            platform={postTarget.platform}
            handle={postTarget.handle}
            draft={drafts[postTarget.platform]}
            onDraftChange={(text) => setDraft(postTarget.platform, text)}
            onPosted={() => setDraft(postTarget.platform, '')}
            onClose={() => setPostTarget(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
