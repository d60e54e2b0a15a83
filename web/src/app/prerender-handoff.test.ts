import { describe, expect, it, vi } from 'vitest';
import { completeHandoff, HYDRATED, PENDING_CLICK } from './prerender-handoff';

describe('completeHandoff', () => {
  it('presses the button pressed before hydration, once, and marks the root hydrated', () => {
    const root = document.createElement('div');
    const button = document.createElement('button');
    root.append(button);
    document.body.append(root);
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    Object.assign(root, { [PENDING_CLICK]: button });

    completeHandoff(root);
    completeHandoff(root);

    expect(pressed).toHaveBeenCalledTimes(1);
    expect((root as unknown as Record<string, unknown>)[HYDRATED]).toBe(true);
    root.remove();
  });

  it('skips a button that is no longer on the page', () => {
    const root = document.createElement('div');
    const button = document.createElement('button');
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    Object.assign(root, { [PENDING_CLICK]: button });
    completeHandoff(root);
    expect(pressed).not.toHaveBeenCalled();
  });
});
