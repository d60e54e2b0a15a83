import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagePicker, type PageListState, type PageOption } from './page-picker';

const page = (overrides: Partial<PageOption> = {}): PageOption => ({
  id: 'p1',
  name: 'Harbor Coffee',
  pictureUrl: 'https://pages.example/harbor.jpg',
  detail: null,
  unavailable: null,
  ...overrides,
});

const ready = (pages: PageOption[], emptyMessage = 'No Pages were shared.'): PageListState => ({
  kind: 'ready',
  pages,
  emptyMessage,
});

const renderPicker = (list: PageListState, props: { chooseError?: string | null } = {}) => {
  const onChoose = vi.fn();
  const onRetry = vi.fn();
  const onClose = vi.fn();
  render(
    <PagePicker
      title="Choose your Facebook Page"
      description="Sailpost posts to one Facebook Page for Harbor Coffee."
      list={list}
      onRetry={onRetry}
      onChoose={onChoose}
      choosing={false}
      chooseError={props.chooseError ?? null}
      onClose={onClose}
    />,
  );
  return {
    dialog: screen.getByRole('dialog', { name: 'Choose your Facebook Page' }),
    onChoose,
    onRetry,
    onClose,
    user: userEvent.setup(),
  };
};

describe('PagePicker', () => {
  it('lists the Pages with their names and pictures; arrow keys move the choice, Connect sends it', async () => {
    const { dialog, onChoose, user } = renderPicker(
      ready([
        page(),
        page({ id: 'p2', name: 'Harbor Roastery', pictureUrl: null }),
        page({ id: 'p3', name: 'Harbor Bakery' }),
      ]),
    );
    expect(dialog).toHaveAccessibleDescription(
      'Sailpost posts to one Facebook Page for Harbor Coffee.',
    );
    const group = within(dialog).getByRole('group', { name: 'Choose your Facebook Page' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['p1', 'p2', 'p3']);
    expect(within(group).getByRole('radio', { name: 'Harbor Coffee' })).toBeInTheDocument();
    // Its picture, or its initial where it has none.
    expect(dialog.querySelector('img')).toHaveAttribute('src', 'https://pages.example/harbor.jpg');
    expect(within(group).getByText('H', { selector: 'span[aria-hidden="true"]' })).toBeVisible();

    // Several Pages: nothing is chosen for the owner, and Connect waits.
    const connect = within(dialog).getByRole('button', { name: 'Connect' });
    expect(connect).toBeDisabled();
    expect(options[0]).toHaveFocus();
    await user.keyboard(' ');
    expect(options[0]).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toBeChecked();
    expect(options[1]).toHaveFocus();
    await user.click(connect);
    expect(onChoose).toHaveBeenCalledWith('p2');
  });

  it("says why a Page cannot be chosen, in the server's words, and chooses the one usable Page", async () => {
    const reason =
      'This Page has no Instagram professional account linked to it. Link one in the Page’s settings, then connect again.';
    const { dialog, onChoose, user } = renderPicker(
      ready([
        page({ id: 'p1', detail: 'Instagram: @harborcoffee' }),
        page({ id: 'p2', name: 'Harbor Roastery', unavailable: reason }),
      ]),
    );
    const usable = within(dialog).getByRole('radio', { name: 'Harbor Coffee' });
    const blocked = within(dialog).getByRole('radio', { name: 'Harbor Roastery' });
    expect(usable).toHaveAccessibleDescription('Instagram: @harborcoffee');
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription(reason);
    expect(usable).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(onChoose).toHaveBeenCalledWith('p1');
  });

  it("says there is nothing to choose in the server's words, with no Connect", () => {
    const { dialog } = renderPicker(
      ready([], 'Your Facebook account manages no Pages. Create a Page on Facebook first.'),
    );
    expect(dialog).toHaveTextContent(
      'Your Facebook account manages no Pages. Create a Page on Facebook first.',
    );
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('gives the focus to the choice once the Pages arrive, the chosen one first', async () => {
    const props = {
      title: 'Choose your Instagram account',
      description: 'Choose the Page.',
      onRetry: vi.fn(),
      onChoose: vi.fn(),
      choosing: false,
      chooseError: null,
      onClose: vi.fn(),
    };
    const { rerender } = render(<PagePicker {...props} list={{ kind: 'loading' }} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    rerender(
      <PagePicker
        {...props}
        list={ready([
          page({ id: 'p1', unavailable: 'No Instagram account is linked to this Page.' }),
          page({ id: 'p2', name: 'Harbor Roastery' }),
        ])}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Harbor Roastery' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Harbor Roastery' })).toBeChecked();
  });

  it('shows that the Pages are loading', () => {
    const { dialog } = renderPicker({ kind: 'loading' });
    expect(within(dialog).getByText('Loading your Pages')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('says what failed and tries again, unless trying again cannot help', async () => {
    const { dialog, onRetry, user } = renderPicker({
      kind: 'failed',
      message: 'Meta is not answering right now',
      canRetry: true,
    });
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Meta is not answering right now');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('offers no Try again for a choice that lapsed', () => {
    const { dialog } = renderPicker({
      kind: 'failed',
      message: 'This choice of Page has expired. Connect again.',
      canRetry: false,
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This choice of Page has expired');
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows why the last choice was refused, and closes on Cancel', async () => {
    const { dialog, onClose, user } = renderPicker(ready([page()]), {
      chooseError: 'That Page is no longer shared with Sailpost.',
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'That Page is no longer shared with Sailpost.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
