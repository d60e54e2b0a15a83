import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Last revision of the terms and the privacy policy. */
export const LEGAL_UPDATED = 'November 22, 2026';

interface LegalDocumentProps {
  title: string;
  summary: ReactNode;
  children: ReactNode;
}

/** A readable legal page: the public header and footer around one column of text. */
export function LegalDocument({ title, summary, children }: LegalDocumentProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${title} · Sailpost`}</title>
      <SiteHeader />
      <main className="flex-1 px-4 py-14 sm:px-6 sm:py-20">
        <article className="mx-auto max-w-2xl">
          <p className="text-sm font-medium text-slate-500">Last updated {LEGAL_UPDATED}</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h1>
          <p className="mt-5 rounded-xl border border-brand-100 bg-brand-50/60 p-4 text-base leading-7 text-slate-700">
            {summary}
          </p>
          <div className="mt-4 text-base leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-600 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900 [&_li]:mt-2 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
            {children}
          </div>
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
