import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { Button } from './button';
import { Modal, type ModalProps } from './modal';

interface FormModalProps extends Omit<ModalProps, 'open' | 'footer' | 'children'> {
  /** The button beside the submit button: 'Cancel' (closes the dialog) unless told otherwise. */
  dismissLabel?: ReactNode;
  /** What that button does instead of closing (e.g. going back a step). */
  onDismiss?: () => void;
  submitLabel: ReactNode;
  /** Nothing to submit yet. */
  submitDisabled?: boolean;
  /** The submit button, for a dialog that moves focus to it once there is something to submit. */
  submitRef?: Ref<HTMLButtonElement>;
  /** The submit, already kept from the page (no navigation, no form around the dialog's opener). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The form's layout. */
  formClassName: string;
  /** The form checks its own fields (and says why in its own words), not the browser. */
  noValidate?: boolean;
  children: ReactNode;
}

/**
 * A dialog that is a form: the fields in its body, the submit button in its footer (tied to the
 * form by id) beside Cancel or Back. While `busy` (a request in flight) the dialog stays open,
 * Cancel is disabled and the submit button spins. Rendered only while open.
 */
export function FormModal({
  dismissLabel = 'Cancel',
  onDismiss,
  submitLabel,
  submitDisabled,
  submitRef,
  onSubmit,
  formClassName,
  noValidate,
  children,
  ...modal
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      open
      {...modal}
      footer={
        <>
          <Button variant="secondary" onClick={onDismiss ?? modal.onClose} disabled={modal.busy}>
            {dismissLabel}
          </Button>
          <Button
            ref={submitRef}
            type="submit"
            form={formId}
            disabled={submitDisabled}
            loading={modal.busy}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate={noValidate}
        className={formClassName}
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog is a portal: its submit must not reach a form around the page's section.
          event.stopPropagation();
          void onSubmit(event);
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
