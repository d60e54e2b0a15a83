import OpenAI from 'openai';
import * as z from 'zod';
import { draftedCompanyProfileSchema } from '#shared/contract/ai';
import { DEFAULT_BRAND_COLOR } from '#shared/domain/limits';
import { config } from '#functions/core/config';
import { lazyAsync } from '#functions/core/lazy';
import { readDeclaredSecret } from '#functions/core/secrets';
import type { CompanyProfileDrafter } from './company-profile-drafter';
import { withinCompanyRules } from './company-rules';
import { companyNameFrom } from './offline-drafter';
import type { PageSummary } from './page-summary';

/** One client per container; the key from the environment (sandbox, tests) or Secrets Manager (AWS). */
const client = lazyAsync(async () => {
  const apiKey = await readDeclaredSecret('openAiKey');
  return new OpenAI({ apiKey, baseURL: config().OPENAI_BASE_URL, timeout: 20_000, maxRetries: 1 });
});

/** Structured output in the drafted profile's own shape (the model is told each field's meaning). */
const { $schema: _dialect, ...draftJsonSchema } = z.toJSONSchema(draftedCompanyProfileSchema, {
  io: 'output',
});
const RESPONSE_FORMAT = {
  type: 'json_schema' as const,
  json_schema: { name: 'company_profile', strict: true, schema: draftJsonSchema },
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
export const openAiDrafter: CompanyProfileDrafter = {
  source: 'openai',
  async draft(page) {
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
    const drafted = draftedCompanyProfileSchema.parse(
      JSON.parse(completion.choices[0]?.message.content ?? '{}'),
    );
    return withinCompanyRules(
      { ...drafted, name: drafted.name.trim() || companyNameFrom(page) },
      page.themeColor ?? DEFAULT_BRAND_COLOR,
    );
  },
};
