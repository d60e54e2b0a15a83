import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { CampaignAnalysis as Analysis } from '#shared/contract/ai';
import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import { cardClasses } from '#web/components/card';
import { Badge } from '#web/components/badge';
import { IconCheckCircle, IconGlobe, IconWarning } from '#web/components/icons';
import { sentimentLabel } from '../draft-to-campaign';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      <div className="mt-1.5 text-sm text-slate-700">{children}</div>
    </div>
  );
}

/**
 * The AI analysis of a version: how it read the description, what it found on each website (a
 * page it could not read says so), what to do next, and on a refinement how the feedback read
 * (Positive above 0.5, else Negative) with its points.
 */
export function CampaignAnalysis({ analysis }: { analysis: Analysis }) {
  const feedback = analysis.feedbackAnalysis;
  return (
    <section aria-labelledby="ai-analysis-title" className={clsx(cardClasses, 'p-5 sm:p-6')}>
      <h3 id="ai-analysis-title" className="text-base font-semibold text-slate-900">
        AI Analysis
      </h3>
      <div className="mt-4 divide-y divide-slate-100">
        <Part title="Prompt Understanding">
          <p className="whitespace-pre-line break-words">{analysis.promptUnderstanding}</p>
        </Part>
        {analysis.websiteInsights.length ? (
          <Part title="Website Insights">
            <ul className="space-y-3">
              {analysis.websiteInsights.map((site) => (
                <li key={site.url} className="min-w-0">
                  <p className="flex items-start gap-1.5 font-medium break-all text-slate-900">
                    {site.status === 'read' ? (
                      <IconGlobe
                        aria-hidden="true"
                        className="mt-0.5 size-4 shrink-0 text-slate-400"
                      />
                    ) : (
                      <IconWarning
                        aria-hidden="true"
                        className="mt-0.5 size-4 shrink-0 text-amber-600"
                      />
                    )}
                    {site.url}
                  </p>
                  {site.status === 'failed' ? (
                    <p className="mt-1 ml-5.5 text-amber-800">
                      {site.error || GENERATION_MESSAGES.websiteUnreadable}
                    </p>
                  ) : site.insights.length ? (
                    <ul className="mt-1 ml-5.5 list-disc space-y-0.5 pl-4">
                      {site.insights.map((insight, index) => (
                        <li key={`${index}-${insight}`} className="break-words">
                          {insight}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-1 ml-5.5 text-slate-500">Nothing useful was found.</p>
                  )}
                </li>
              ))}
            </ul>
          </Part>
        ) : null}
        {analysis.recommendedNextSteps.length ? (
          <Part title="Recommended Next Steps">
            <ol className="space-y-1.5">
              {analysis.recommendedNextSteps.map((step, index) => (
                <li key={`${index}-${step}`} className="flex gap-2">
                  <IconCheckCircle
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-brand-600"
                  />
                  <span className="min-w-0 break-words">{step}</span>
                </li>
              ))}
            </ol>
          </Part>
        ) : null}
        {feedback ? (
          <Part title="Feedback Analysis">
            <p className="flex items-center gap-2">
              <span>Sentiment:</span>
              <Badge
                tone={
                  sentimentLabel(feedback.sentimentScore) === 'Positive' ? 'success' : 'warning'
                }
              >
                {sentimentLabel(feedback.sentimentScore)}
              </Badge>
            </p>
            {feedback.keyPoints.length ? (
              <>
                <p className="mt-2 font-medium text-slate-800">Key points</p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  {feedback.keyPoints.map((point, index) => (
                    <li key={`${index}-${point}`} className="break-words">
                      {point}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Part>
        ) : null}
      </div>
    </section>
  );
}
