import type * as z from 'zod';
import type { analyzeMediaBody, MediaAnalysis } from '#shared/contract/ai';
import {
  AI_MEDIA_IMAGE_MAX_BYTES,
  AI_MEDIA_IMAGE_TOO_LARGE,
  GENERATION_MESSAGES,
} from '#shared/domain/ai-campaigns';
import { MEDIA_DESCRIPTION_MAX, MEDIA_USAGES } from '#shared/domain/campaigns';
import { draftablePlatforms } from '../domain/companies/connected-platforms';
import type { CompanyRecord } from '../core/db/entities/company';
import { Invalid, Unavailable } from '../core/errors';
import { refundDaily, spendDaily } from '../domain/plans/daily-counter';
import { logger } from '../core/logger';
import { readImageHeader, type ImageHeader } from '../core/media/image-header';
import { ensureMayGenerate } from '../domain/plans/entitlement';
import { DrafterRefused } from '../integrations/ai/campaign-drafter';
import { clipText } from '../integrations/ai/campaign-rules';
import { campaignDrafter } from '../integrations/ai/provider';
import { drafterCompanyOf } from '../domain/companies/drafter-company';
import { MEDIA_ANALYSES } from './fair-use';
import { replaceUnsafeInText } from '#shared/contract/unsafe-characters';

type AnalyzeBody = z.output<typeof analyzeMediaBody>;

export const MEDIA_ANALYSIS_MESSAGES = {
  notTheImage: 'The image is not the JPEG, PNG, GIF or WebP file it says it is',
  tooLarge: AI_MEDIA_IMAGE_TOO_LARGE,
  refused: 'The AI declined to describe this image. Please try another one.',
} as const;

const invalidImage = (message: string) => new Invalid('MEDIA_INVALID', message, { image: message });

/**
 * The image a data URL carries, held to what it claims: its first bytes must be the declared type
 * (JPEG, PNG, GIF or WebP) and give a size — a renamed PDF or a truncated file is refused before
 * anything is spent or sent anywhere.
 */
export const decodeImage = (dataUrl: string): ImageHeader & { bytes: Uint8Array } => {
  // The contract has checked the shape: data:<type>;base64,<payload>.
  const comma = dataUrl.indexOf(',');
  const declared = dataUrl.slice('data:'.length, dataUrl.indexOf(';'));
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length > AI_MEDIA_IMAGE_MAX_BYTES) throw invalidImage(MEDIA_ANALYSIS_MESSAGES.tooLarge);
  const header = readImageHeader(bytes);
  if (!header || header.contentType !== declared) {
    throw invalidImage(MEDIA_ANALYSIS_MESSAGES.notTheImage);
  }
  return { ...header, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
};

/**
 * POST /ai/analyze-media: what an image shows and how to use it, from the drafter, at once (an
 * image description is short work). The image is checked first, then the plan (402), then one
 * unit of the company's daily image allowance is spent (429). A refusal answers 400 MEDIA_INVALID
 * (the image is the problem; the unit stays spent, as the model did the work); an unavailable
 * drafter or an unusable answer answers 503 AI_UNAVAILABLE and gives the unit back. Nothing is
 * stored.
 */
export const analyzeImage = async (
  company: CompanyRecord,
  body: AnalyzeBody,
): Promise<MediaAnalysis> => {
  const image = decodeImage(body.image);
  ensureMayGenerate(company);
  const spend = await spendDaily(MEDIA_ANALYSES, company);
  const [allowedPlatforms, drafter] = await Promise.all([
    draftablePlatforms(company),
    campaignDrafter(),
  ]);
  let analysis: MediaAnalysis['analysis'];
  try {
    analysis = await drafter.describeImage({
      fileName: body.fileName,
      contentType: image.contentType,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      allowedPlatforms,
      company: drafterCompanyOf(company),
    });
  } catch (error) {
    if (error instanceof DrafterRefused) {
      logger.warn('The drafter declined to describe an image', { source: drafter.source });
      throw invalidImage(MEDIA_ANALYSIS_MESSAGES.refused);
    }
    logger.warn('The drafter could not describe an image', {
      source: drafter.source,
      error: error as Error,
    });
    await refundDaily(spend);
    throw new Unavailable('AI_UNAVAILABLE', GENERATION_MESSAGES.unavailable);
  }
  const description = clipText(
    replaceUnsafeInText(analysis.description ?? '', ' '),
    MEDIA_DESCRIPTION_MAX,
  );
  if (!description) {
    logger.warn('The drafter described an image with nothing', { source: drafter.source });
    await refundDaily(spend);
    throw new Unavailable('AI_UNAVAILABLE', GENERATION_MESSAGES.invalidAnswer);
  }
  return {
    analysis: {
      description,
      suggestedUsage: MEDIA_USAGES.includes(analysis.suggestedUsage)
        ? analysis.suggestedUsage
        : 'secondary',
      suggestedPlatforms: allowedPlatforms.filter((platform) =>
        (analysis.suggestedPlatforms ?? []).includes(platform),
      ),
      // What the file says, whatever the drafter thought it saw.
      width: image.width,
      height: image.height,
    },
    source: drafter.source,
  };
};
