import { afterEach, describe, expect, it } from 'vitest';
import { focusNewUndo, undoButtons } from './focus-result';

const button = (name: string, { label = false } = {}) => {
  const element = document.createElement('button');
  if (label) element.setAttribute('aria-label', name);
  else element.textContent = name;
  document.body.append(element);
  return element;
};

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  document.body.replaceChildren();
});

describe('focusNewUndo', () => {
  it("focuses the Undo button a toast shows after the action, not an earlier toast's", async () => {
    const earlier = button('Undo');
    const card = button('The card');
    const before = undoButtons();
    focusNewUndo(before, () => card);
    // The toast appears a moment after the action's answer.
    await waitMs(80);
    const fresh = button('Undo', { label: true });
    await waitMs(120);
    expect(fresh).toHaveFocus();
    expect(earlier).not.toHaveFocus();
  });

  it('focuses the fallback when no new Undo appears', async () => {
    button('Undo');
    const card = button('The card');
    focusNewUndo(undoButtons(), () => card);
    await waitMs(200);
    expect(card).not.toHaveFocus();
    await waitMs(600);
    expect(card).toHaveFocus();
  });

  it('leaves the focus alone when the fallback has left the page', async () => {
    const card = button('The card');
    const other = button('Something else');
    other.focus();
    focusNewUndo(undoButtons(), () => card);
    card.remove();
    await waitMs(800);
    expect(other).toHaveFocus();
  });
});
