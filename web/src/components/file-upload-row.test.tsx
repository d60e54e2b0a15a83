import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileNoteField, FileUploadRow, type UploadView } from './file-upload-row';

const renderRow = (upload: UploadView | undefined, notes?: string) =>
  render(
    <ul>
      <FileUploadRow
        fileName="latte.png"
        preview={null}
        details="240 KB"
        actions={<button type="button">Remove</button>}
        upload={upload}
        notes={notes}
      />
    </ul>,
  );

/** What the row's live region says (it is the only status in the row). */
const announced = () => screen.getByRole('status').textContent;

describe('FileUploadRow', () => {
  it('names the file with its details and actions', () => {
    renderRow({ stage: 'chosen' });
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent('latte.png240 KBRemove');
    expect(screen.getByTitle('latte.png')).toHaveTextContent('latte.png');
  });

  it('says nothing of a file that is only chosen', () => {
    renderRow({ stage: 'chosen' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(announced()).toBe('');
  });

  it('shows the percent sent, and announces the upload once rather than each percent', () => {
    renderRow({ stage: 'sending', percent: 40 });
    const bar = screen.getByRole('progressbar', { name: 'Uploading latte.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40% uploaded');
    expect(screen.getByText('Uploading… 40%')).toHaveAttribute('aria-hidden', 'true');
    expect(announced()).toBe('Uploading latte.png');
  });

  it('says what follows the bytes when told (a campaign taking the file)', () => {
    renderRow({
      stage: 'sending',
      percent: 100,
      valueText: 'Uploaded, adding it',
      caption: 'Adding to the campaign…',
      announcement: 'latte.png uploaded',
    });
    const bar = screen.getByRole('progressbar', { name: 'Uploading latte.png' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Uploaded, adding it');
    expect(screen.getByText('Adding to the campaign…')).toBeInTheDocument();
    expect(announced()).toBe('latte.png uploaded');
  });

  it('shows and announces an upload that ended well in the words given', () => {
    renderRow({ stage: 'done', label: 'Added' });
    expect(screen.getByText('Added')).toBeInTheDocument();
    expect(announced()).toBe('latte.png added');
  });

  it('shows and announces why an upload failed', () => {
    renderRow({ stage: 'failed', error: 'The file is too large' });
    expect(screen.getByText('The file is too large')).toBeInTheDocument();
    expect(announced()).toBe('latte.png failed to upload: The file is too large');
  });

  it('shows the notes of a file that is not uploaded here, with no live region of its own', () => {
    renderRow(undefined, 'Describing…');
    expect(screen.getByText('Describing…')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('FileNoteField', () => {
  it('is labelled with the file it is about, and hands on what is typed', async () => {
    const onChange = vi.fn();
    render(
      <FileNoteField
        label="Alt text"
        labelEnd="for latte.png"
        purpose="for people who can't see the image"
        value=""
        onChange={onChange}
        maxLength={10}
        placeholder="Describe what the image shows"
      />,
    );
    const input = screen.getByRole('textbox', {
      name: "Alt text for latte.png (for people who can't see the image)",
    });
    expect(input).toHaveAttribute('maxlength', '10');
    await userEvent.setup().type(input, 'A');
    expect(onChange).toHaveBeenCalledWith('A');
  });
});
