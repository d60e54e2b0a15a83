import type { AnalyticsEventParams } from '#shared/domain/analytics';

type Params = Readonly<Record<string, string | undefined>>;

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The page as analytics sees it: never the document's title (it names companies, campaigns and
 * forum threads) nor the query or fragment (reset tokens, returns from Stripe). The title is the
 * route's pattern (`/dashboard/company/:companyId/campaigns`); the address keeps the ids, which
 * are opaque, and replaces any other parameter (a review link's code) by its name. An unknown
 * address, which could be anything typed, is only `/:unknown`.
 */
export const analyticsPageOf = (
  origin: string,
  pathname: string,
  params: Params,
): AnalyticsEventParams['page_view'] => {
  if (params['*'] !== undefined) {
    return { page_location: `${origin}/:unknown`, page_title: '/:unknown' };
  }
  const nameOf = new Map(
    Object.entries(params).flatMap(([name, value]) => (value ? [[value, name] as const] : [])),
  );
  const segments = pathname.replace(/\/+$/, '').split('/');
  const title = segments.map((segment) => {
    const name = nameOf.get(decoded(segment));
    return name ? `:${name}` : segment;
  });
  const location = segments.map((segment, index) =>
    title[index]!.startsWith(':') && !title[index]!.endsWith('Id') ? title[index]! : segment,
  );
  return {
    page_location: `${origin}${location.join('/') || '/'}`,
    page_title: title.join('/') || '/',
  };
};
