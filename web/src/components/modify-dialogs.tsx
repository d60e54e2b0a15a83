import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { Campaign } from '#shared/contract/campaigns';
import type { GeneratedContent, ReviewedContent } from '#shared/contract/content';
import {
  CONTENT_TEXT_MAX,
  CONTENT_TEXTS,
  CONTENT_TOASTS,
  MODIFY_ASPECTS,
} from '#shared/domain/content';
import { postTextLength } from '#shared/domain/post-text';
import { Button } from '#web/components/button';
import { Checkbox } from '#web/components/checkbox';
import { FormModal } from '#web/components/form-modal';
import { IconPencil, IconSparkles } from '#web/components/icons';
import { Modal } from '#web/components/modal';
import { PostTextField } from '#web/components/post-text-field';
import { TextAreaField } from '#web/components/text-area-field';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { applyFieldErrors, useFocusRefusedField } from '#web/lib/form-errors';
import { useReviewContent } from '#web/lib/api/review-content';
import { CONTENT_SCREEN_TEXTS, MODIFY_ASPECT_LABELS } from './content-texts';
import {
  aiFeedbackSchema,
  directEditSchema,
  type AiFeedbackValues,
  type DirectEditValues,
} from '#web/lib/content-schemas';
import { ImagePicker, imagesFor } from './image-picker';
import { PostPreview, type PreviewAccount } from './post-preview';

export type ModifyStep = 'choose' | 'ai' | 'edit';

/** The fields a refusal of each form may name (the body's own names). */
const AI_FEEDBACK_FIELDS = ['feedback', 'modifyAspects', 'imageIds'] as const;
const DIRECT_EDIT_FIELDS = ['directEdit', 'imageIds'] as const;

interface ModifyDialogsProps {
  step: ModifyStep;
  onStep: (step: ModifyStep) => void;
  campaign: Campaign;
  post: GeneratedContent;
  account: PreviewAccount;
  onClose: () => void;
  /** The request was taken: the post as it now is; an AI revision names the generation to poll. */
  onSent: (answer: ReviewedContent) => void;
}

/** The post's images that may stay (still the campaign's, still for its platform). */
const keptImages = (campaign: Campaign, post: GeneratedContent) => {
  const offered = new Set(
    imagesFor(campaign.contentSeeds.mediaAssets, post.metadata.params.platform).map(
      (asset) => asset._id,
    ),
  );
  return post.imageIds.filter((id) => offered.has(id));
};

/** 'Request Changes': the chooser, then the AI feedback form or the direct edit form. */
export function ModifyDialogs(props: ModifyDialogsProps) {
  const { step, onStep, onClose } = props;
  if (step === 'choose') {
    return (
      <Modal
        open
        onClose={onClose}
        title={CONTENT_SCREEN_TEXTS.modifyChooserTitle}
        description={CONTENT_SCREEN_TEXTS.modifyChooserDescription}
        footer={
          <Button variant="secondary" onClick={onClose}>
            {CONTENT_SCREEN_TEXTS.cancel}
          </Button>
        }
      >
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <ChoiceButton
            icon={<IconSparkles aria-hidden="true" className="size-5" />}
            title={CONTENT_TEXTS.aiAssistance}
            description="Say what to change; the AI writes a new version."
            onClick={() => onStep('ai')}
          />
          <ChoiceButton
            icon={<IconPencil aria-hidden="true" className="size-5" />}
            title={CONTENT_TEXTS.directEdit}
            description="Change the text and images yourself."
            onClick={() => onStep('edit')}
          />
        </div>
      </Modal>
    );
  }
  return step === 'ai' ? <AiFeedbackDialog {...props} /> : <DirectEditDialog {...props} />;
}

function ChoiceButton({
  icon,
  title,
  description,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex flex-col items-start gap-2 rounded-xl border border-slate-200 p-4 text-left transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span className="inline-flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        {icon}
      </span>
      <span className="text-sm font-semibold text-slate-900">{title}</span>
      <span className="text-sm text-slate-600">{description}</span>
    </button>
  );
}

/**
 * A modify form's submit: sends the review, says so and empties the form (the dialog closes), or
 * says why not and keeps the form as it is — at the field the server refused (the text over the
 * platform's limit, an image it no longer takes), focused once the form is enabled again, or in
 * a toast when the refusal names none of the form's fields.
 */
const useModifySubmit = <TValues extends AiFeedbackValues | DirectEditValues>(
  { campaign, post, onSent }: ModifyDialogsProps,
  form: UseFormReturn<TValues>,
  fields: readonly FieldPath<TValues>[],
) => {
  const review = useReviewContent();
  useFocusRefusedField(form);
  return form.handleSubmit(async (body) => {
    try {
      const answer = await review(campaign._id, campaign.company, post._id, {
        status: 'modify',
        ...body,
      });
      toast.success(CONTENT_TOASTS.modificationSent);
      onSent(answer);
      form.reset();
    } catch (error) {
      if (isSessionEnded(error) || applyFieldErrors(form.setError, error, fields)) return;
      toast.error(failureText('modify content', error));
    }
  });
};

function AiFeedbackDialog(props: ModifyDialogsProps) {
  const { campaign, post, onClose, onStep } = props;
  const form = useForm<AiFeedbackValues>({
    resolver: zodResolver(aiFeedbackSchema),
    defaultValues: { feedback: '', modifyAspects: [], imageIds: keptImages(campaign, post) },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = useModifySubmit(props, form, AI_FEEDBACK_FIELDS);

  return (
    <FormModal
      onClose={onClose}
      busy={isSubmitting}
      size="lg"
      title={CONTENT_SCREEN_TEXTS.aiTitle}
      dismissLabel={CONTENT_SCREEN_TEXTS.back}
      onDismiss={() => onStep('choose')}
      submitLabel={CONTENT_SCREEN_TEXTS.sendToAi}
      onSubmit={onSubmit}
      formClassName="space-y-5"
      noValidate
    >
      <TextAreaField
        label={CONTENT_SCREEN_TEXTS.feedbackLabel}
        rows={4}
        placeholder="e.g. Make it warmer and mention the Saturday tasting"
        error={errors.feedback?.message}
        disabled={isSubmitting}
        {...register('feedback')}
      />
      <fieldset disabled={isSubmitting}>
        <legend className="text-sm font-medium text-slate-800">
          {CONTENT_SCREEN_TEXTS.aspectsLegend}
        </legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {MODIFY_ASPECTS.map((aspect) => (
            <Checkbox
              key={aspect}
              label={MODIFY_ASPECT_LABELS[aspect]}
              value={aspect}
              {...register('modifyAspects')}
            />
          ))}
        </div>
      </fieldset>
      <Controller
        control={control}
        name="imageIds"
        render={({ field }) => (
          <ImagePicker
            platform={post.metadata.params.platform}
            assets={campaign.contentSeeds.mediaAssets}
            value={field.value}
            onChange={field.onChange}
            disabled={isSubmitting}
            error={errors.imageIds?.message}
          />
        )}
      />
    </FormModal>
  );
}

function DirectEditDialog(props: ModifyDialogsProps) {
  const { campaign, post, account, onClose, onStep } = props;
  const platform = post.metadata.params.platform;
  const form = useForm<DirectEditValues>({
    resolver: zodResolver(directEditSchema),
    defaultValues: { directEdit: post.content, imageIds: keptImages(campaign, post) },
  });
  const {
    control,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = useModifySubmit(props, form, DIRECT_EDIT_FIELDS);
  const text = watch('directEdit');
  const imageIds = watch('imageIds');
  const assets = campaign.contentSeeds.mediaAssets;
  const images = imageIds.flatMap((id) => assets.filter((asset) => asset._id === id));
  // Over the platform's limit the server could only refuse: the count beside the text says why.
  const { withinLimit } = postTextLength(platform, text);

  return (
    <FormModal
      onClose={onClose}
      busy={isSubmitting}
      size="xl"
      title={CONTENT_SCREEN_TEXTS.editTitle}
      dismissLabel={CONTENT_SCREEN_TEXTS.back}
      onDismiss={() => onStep('choose')}
      submitLabel={CONTENT_SCREEN_TEXTS.saveEdit}
      submitDisabled={!withinLimit}
      onSubmit={onSubmit}
      formClassName="grid grid-cols-1 gap-6 lg:grid-cols-2"
      noValidate
    >
      <div className="space-y-5">
        <Controller
          control={control}
          name="directEdit"
          render={({ field }) => (
            <PostTextField
              ref={field.ref}
              platform={platform}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              rows={8}
              maxLength={CONTENT_TEXT_MAX}
              disabled={isSubmitting}
              error={errors.directEdit?.message}
              // The preview beside the text says it, once.
              showLinkNote={false}
            />
          )}
        />
        <Controller
          control={control}
          name="imageIds"
          render={({ field }) => (
            <ImagePicker
              platform={platform}
              assets={assets}
              value={field.value}
              onChange={field.onChange}
              disabled={isSubmitting}
              error={errors.imageIds?.message}
            />
          )}
        />
      </div>
      <section aria-label="Preview">
        <h3 className="mb-2 text-sm font-medium text-slate-800">Preview</h3>
        <PostPreview platform={platform} text={text} images={images} account={account} />
      </section>
    </FormModal>
  );
}
