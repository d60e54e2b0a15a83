import { useId } from 'react';
import { GENERATOR_TEXTS } from '../generator-texts';
import { IconLightbulb } from './generator-icons';

/**
 * Campaign ideas from GET /ai/campaign-suggestions: a click puts the idea in the description,
 * ready to be edited. Nothing shows until they arrive, nor when they could not be read.
 */
export function IdeaChips({
  ideas,
  onChoose,
  disabled,
}: {
  ideas: readonly string[] | undefined;
  onChoose: (idea: string) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  if (!ideas?.length) return null;
  return (
    <div>
      <p id={labelId} className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
        <IconLightbulb aria-hidden="true" className="size-4 text-amber-500" />
        {GENERATOR_TEXTS.ideasLabel}
      </p>
      <ul aria-labelledby={labelId} className="mt-2 flex flex-wrap gap-2">
        {ideas.map((idea) => (
          <li key={idea} className="min-w-0 max-w-full">
            <button
              type="button"
              onClick={() => onChoose(idea)}
              disabled={disabled}
              className="max-w-full rounded-2xl bg-brand-50 px-3 py-1.5 text-left text-sm leading-5 text-brand-900 ring-1 ring-brand-200 ring-inset transition-colors hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {idea}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
