import OpenAI from 'openai';
import * as z from 'zod';
import { DEFAULT_BRAND_COLOR } from '#shared/domain/limits';
import type { PageSummary } from '#functions/ai/page-summary';
import { normaliseHex } from '#functions/ai/page-summary';
import { config } from '#functions/core/config';
import { lazy } from '#functions/core/db/lazy';
import { readSecret } from '#functions/core/secrets';
import type { CompanyProfileDraft, CompanyProfileDrafter } from './company-profile-drafter';
import { companyNameFrom } from './offline-drafter';

let openAi: Promise<OpenAI> | undefined;

/** One client per container; the key from the environment (sandbox, tests) or Secrets Manager (AWS). */
const client = (): Promise<OpenAI> =>
  (openAi ??= (async () => {
    const { OPENAI_API_KEY, OPENAI_SECRET_ARN, OPENAI_BASE_URL } = config();
    const apiKey = OPENAI_API_KEY ?? (await readSecret(OPENAI_SECRET_ARN!));
    return new OpenAI({ apiKey, baseURL: OPENAI_BASE_URL, timeout: 20_000, maxRetries: 1 });
  })().catch((error: unknown) => {
    openAi = undefined;
    throw error;
  }));

const draftShape = z.object({
  name: z.string(),
  description: z.string(),
  brandVoice: z.string(),
  brandColors: z.array(z.string()),
});

const RESPONSE_FORMAT = {
  type: 'json_schema' as const,
  json_schema: {
    name: 'company_profile',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'description', 'brandVoice', 'brandColors'],
      properties: {
        name: { type: 'string', description: 'The company name as the site presents it' },
        description: {
          type: 'string',
          description: '2-4 sentences: what the company offers and for whom',
        },
        brandVoice: {
          type: 'string',
          description: 'One or two sentences describing the tone of voice of the copy',
        },
        brandColors: {
          type: 'array',
          items: { type: 'string' },
          description: 'Up to 3 brand colours as #RRGGBB',
        },
      },
    },
  },
};

const prompt = (page: PageSummary) =>
  [
    `Website: ${page.url}`,
    `Title: ${page.title}`,
    page.siteName && `Site name: ${page.siteName}`,
    page.description && `Meta description: ${page.description}`,
    page.themeColor && `Theme colour: ${page.themeColor}`,
    page.cssColors.length &&
      `Colours used in the CSS (most used first): ${page.cssColors.slice(0, 8).join(', ')}`,
    page.headings.length && `Headings: ${page.headings.join(' | ')}`,
    `Text:\n${page.paragraphs.join('\n').slice(0, 5000)}`,
  ]
    .filter(Boolean)
    .join('\n');

/** Drafts with an OpenAI model, from the same page summary; only what the page supports. */
export const openAiDrafter = lazy((): CompanyProfileDrafter => ({
  source: 'openai',
  async draft(page): Promise<CompanyProfileDraft> {
    const openai = await client();
    const completion = await openai.chat.completions.create({
      model: config().OPENAI_MODEL,
      temperature: 0.3,
      response_format: RESPONSE_FORMAT,
      messages: [
        {
          role: 'system',
          content:
            "You write first drafts of a small business's profile for its social media assistant. Use only what the website says; never invent facts, prices or claims. Write in English.",
        },
        { role: 'user', content: prompt(page) },
      ],
    });
    const parsed = draftShape.parse(JSON.parse(completion.choices[0]?.message.content ?? '{}'));
    const colors = parsed.brandColors.map(normaliseHex).filter((c): c is string => Boolean(c));
    return {
      name: parsed.name.trim() || companyNameFrom(page),
      description: parsed.description.trim(),
      brandVoice: parsed.brandVoice.trim(),
      brandColors: colors.length
        ? [...new Set(colors)].slice(0, 3)
        : [page.themeColor ?? DEFAULT_BRAND_COLOR],
    };
  },
}));
