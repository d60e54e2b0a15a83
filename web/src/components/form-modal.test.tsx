import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from './form-modal';

/** The dialog opened from inside a page's form, as Add Media opens from the campaign's section. */
const renderInPageForm = (props: Partial<ComponentProps<typeof FormModal>> = {}) => {
  const pageSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const handlers = { onClose: vi.fn(), onSubmit: vi.fn() };
  render(
    <form aria-label="Page form" onSubmit={pageSubmit}>
      <FormModal
        title="Edit Media"
        submitLabel="Save"
        formClassName="space-y-5"
        {...handlers}
        {...props}
      >
        <label>
          Description <input />
        </label>
      </FormModal>
    </form>,
  );
  return { ...handlers, pageSubmit, user: userEvent.setup() };
};

describe('FormModal', () => {
  it('submits its own form from the footer, and the page form around its opener never hears of it', async () => {
    const { onSubmit, pageSubmit, user } = renderInPageForm();
    const dialog = screen.getByRole('dialog', { name: 'Edit Media' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Description'), 'Latte art{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ defaultPrevented: true });
    expect(pageSubmit).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
  });

  it('offers Cancel, which closes the dialog', async () => {
    const { onClose, user } = renderInPageForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers another step instead of Cancel when told, which does not close it', async () => {
    const onDismiss = vi.fn();
    const { onClose, user } = renderInPageForm({ dismissLabel: 'Back', onDismiss });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('while busy: the submit button spins, Cancel and Escape do nothing', async () => {
    const { onClose, onSubmit, user } = renderInPageForm({ busy: true, submitLabel: 'Saving...' });
    const submit = screen.getByRole('button', { name: 'Saving...' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(submit);
    expect(onClose).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the submit button disabled while there is nothing to submit', async () => {
    const { onSubmit, user } = renderInPageForm({ submitDisabled: true });
    const submit = screen.getByRole('button', { name: 'Save' });
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('leaves the checks to the browser by default', () => {
    renderInPageForm();
    expect(screen.getByRole('dialog').querySelector('form')).not.toHaveAttribute('novalidate');
  });

  it("turns the browser's checks off for a form that checks its own fields", () => {
    renderInPageForm({ noValidate: true });
    expect(screen.getByRole('dialog').querySelector('form')).toHaveAttribute('novalidate');
  });
});
