import * as z from 'zod';
import {
  CONTENT_FEEDBACK_MAX,
  CONTENT_TEXT_MAX,
  CONTENT_TEXTS,
  MODIFY_ASPECTS,
} from '#shared/domain/content';

/** 'Request changes from the AI': feedback (required), what to change, the images. */
export const aiFeedbackSchema = z.object({
  feedback: z
    .string()
    .trim()
    .min(1, CONTENT_TEXTS.feedbackRequired)
    .max(CONTENT_FEEDBACK_MAX, `Feedback must be at most ${CONTENT_FEEDBACK_MAX} characters`),
  modifyAspects: z.array(z.enum(MODIFY_ASPECTS)),
  imageIds: z.array(z.string()),
});
export type AiFeedbackValues = z.infer<typeof aiFeedbackSchema>;

/** 'Edit the post': the text (required) and the images. */
export const directEditSchema = z.object({
  directEdit: z
    .string()
    .trim()
    .min(1, CONTENT_TEXTS.directEditRequired)
    .max(CONTENT_TEXT_MAX, `The post must be at most ${CONTENT_TEXT_MAX} characters`),
  imageIds: z.array(z.string()),
});
export type DirectEditValues = z.infer<typeof directEditSchema>;
