import { useRef } from 'react';
import type { Blocker } from 'react-router';
import { Button } from './button';
import { Modal } from './modal';

/**
 * 'Leave without saving?': shown while the router holds a navigation away from unsaved edits.
 * Stay (focused first, the safe choice) keeps the page and its edits; Leave goes on.
 */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const stayButton = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === 'blocked';
  const stay = () => blocker.reset?.();
  return (
    <Modal
      open={blocked}
      onClose={stay}
      role="alertdialog"
      size="sm"
      initialFocus={stayButton}
      title="Leave without saving?"
      description="You have changes on this page that aren't saved yet. If you leave, they'll be lost."
      footer={
        <>
          <Button ref={stayButton} variant="secondary" onClick={stay}>
            Stay
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </>
      }
    />
  );
}
