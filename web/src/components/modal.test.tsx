import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './modal';

/** A page with an opener; the dialog's body can grow a field after it opened. */
function Page({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [innerOpen, setInnerOpen] = useState(false);
  const [extraField, setExtraField] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Edit the plan"
        description="Changes apply at once."
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <label>
          Name <input />
        </label>
        <button type="button" onClick={() => setExtraField(true)}>
          Add a note
        </button>
        {extraField ? (
          <label>
            Note <input />
          </label>
        ) : null}
        {nested ? (
          <button type="button" onClick={() => setInnerOpen(true)}>
            Open inner
          </button>
        ) : null}
      </Modal>
      <Modal open={innerOpen} onClose={() => setInnerOpen(false)} title="Are you sure?">
        <button type="button">Yes</button>
      </Modal>
    </>
  );
}

/** The app renders into #root (web/index.html); an open dialog makes it inert. */
const renderPage = (props: { nested?: boolean } = {}) => {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  render(<Page {...props} />, { container: root });
  return { root, user: userEvent.setup() };
};

afterEach(() => {
  document.getElementById('root')?.remove();
});

describe('Modal', () => {
  it('is labelled by its title and described by its description', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the plan' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Changes apply at once.');
  });

  it('moves focus in, wraps Tab and Shift+Tab inside, including fields added after opening', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = screen.getByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(name).toHaveFocus();

    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Add a note' })).toHaveFocus();
    await user.tab();
    expect(done).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(done).toHaveFocus();

    // A field that appears after opening joins the cycle.
    await user.click(within(dialog).getByRole('button', { name: 'Add a note' }));
    await user.tab();
    expect(within(dialog).getByLabelText('Note')).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
  });

  it('makes the page behind inert while open and closes on Escape, giving focus back to the opener', async () => {
    const { root, user } = renderPage();
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(opener);
    expect(root).toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(root).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('returns focus to the opener after the close button and after a footer button', async () => {
    const { user } = renderPage();
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(opener);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' }));
    expect(opener).toHaveFocus();
  });

  it('brings focus that strayed outside back in', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    screen.getByRole('button', { name: 'Before', hidden: true }).focus();
    expect(within(screen.getByRole('dialog')).getByLabelText('Name')).toHaveFocus();
  });

  it('a dialog opened from another closes alone on Escape and hands focus back to the first', async () => {
    const { root, user } = renderPage({ nested: true });
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const openInner = within(screen.getByRole('dialog', { name: 'Edit the plan' })).getByRole(
      'button',
      { name: 'Open inner' },
    );
    await user.click(openInner);
    const inner = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(inner).getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.tab();
    expect(within(inner).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit the plan' })).toBeInTheDocument();
    expect(openInner).toHaveFocus();
    expect(root).toHaveAttribute('inert');
  });
});
