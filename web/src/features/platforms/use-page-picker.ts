import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { PAGE_PLATFORMS, type PageChoice, type PagePlatform } from '#shared/contract/platforms';
import { PLATFORMS } from '#shared/domain/tiers';
import { hasCode, isSessionEnded, messageOf } from '#web/lib/error-text';
import { useReturnParams } from '#web/lib/use-return-params';
import { useChoosePage, usePageChoice } from './api/page-choice';
import type { PageListState, PageOption } from './components/page-picker';
import { PLATFORM_MESSAGES } from './messages';

/** The query Meta's consent returns to the Platforms screen with: `?choosePage=true&platform=…`. */
const RETURN_PARAMS = ['choosePage', 'platform'] as const;

const isPagePlatform = (platform: string | null): platform is PagePlatform =>
  (PAGE_PLATFORMS as readonly (string | null)[]).includes(platform);

/** On Instagram the Page stands for the professional account linked to it: that is named too. */
const optionOf = (platform: PagePlatform, page: PageChoice['pages'][number]): PageOption => ({
  id: page.id,
  name: page.name,
  pictureUrl: page.pictureUrl,
  detail:
    platform === 'instagram' && page.instagram
      ? PLATFORM_MESSAGES.instagramOfPage(page.instagram.username)
      : null,
  unavailable: page.problem,
});

/**
 * The Page picker: opened by the return from Meta's consent (the query is then removed, so a
 * reload or Back does not open it again), reads the Pages granted, and connects the one chosen.
 */
export const usePagePicker = (companyId: string | undefined) => {
  const [params, clearQuery] = useReturnParams(RETURN_PARAMS);
  const [platform, setPlatform] = useState<PagePlatform | null>(() => {
    const asked = params.get('platform');
    return params.get('choosePage') === 'true' && isPagePlatform(asked) ? asked : null;
  });
  const returned = params.has('choosePage');
  useEffect(() => {
    if (returned) clearQuery();
  }, [returned, clearQuery]);

  const { data, error, mutate } = usePageChoice(companyId, platform);
  const choosePage = useChoosePage();
  const [choosing, setChoosing] = useState(false);
  const [chooseError, setChooseError] = useState<string | null>(null);

  let list: PageListState;
  if (error && !data) {
    list = {
      kind: 'failed',
      message: messageOf(error, PLATFORM_MESSAGES.pagesLoadFailed),
      // A choice that lapsed is not there to read again: connecting again is the way on.
      canRetry: !hasCode(error, 'PAGE_CHOICE_NOT_PENDING'),
    };
  } else if (!data || !platform) {
    list = { kind: 'loading' };
  } else {
    list = {
      kind: 'ready',
      pages: data.pages.map((page) => optionOf(platform, page)),
      emptyMessage: data.problem ?? PLATFORM_MESSAGES.noPages,
    };
  }

  const close = () => {
    setPlatform(null);
    setChooseError(null);
  };

  const choose = async (pageId: string) => {
    if (!companyId || !platform || choosing) return;
    setChoosing(true);
    setChooseError(null);
    try {
      await choosePage(companyId, platform, pageId);
      toast.success(PLATFORM_MESSAGES.connected(PLATFORMS[platform].name), {
        id: 'platform-connect-return',
      });
      close();
    } catch (failure) {
      if (!isSessionEnded(failure)) {
        setChooseError(messageOf(failure, PLATFORM_MESSAGES.chooseFailed));
      }
    } finally {
      setChoosing(false);
    }
  };

  return {
    platform,
    list,
    retry: () => void mutate(),
    choose: (pageId: string) => void choose(pageId),
    choosing,
    chooseError,
    close,
  };
};
