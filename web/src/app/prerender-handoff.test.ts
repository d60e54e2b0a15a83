import { describe, expect, it, vi } from 'vitest';
import { completeHandoff, HYDRATED, PENDING_CLICK, TYPED } from './prerender-handoff';

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

  it('puts back what was typed before hydration, with an input event for the form to hear', () => {
    const root = document.createElement('div');
    const email = document.createElement('input');
    const remember = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const untouched = document.createElement('input');
    root.append(email, remember, untouched);
    document.body.append(root);
    const heard = vi.fn((event: Event) => (event.target as HTMLInputElement).value);
    root.addEventListener('input', heard);
    // Hydration left the fields as the form's defaults: empty, unticked.
    Object.assign(root, {
      [TYPED]: new Map<HTMLInputElement, string | boolean>([
        [email, 'maya@harbor.coffee'],
        [remember, true],
        [untouched, ''],
      ]),
    });

    completeHandoff(root);

    expect(email.value).toBe('maya@harbor.coffee');
    expect(remember.checked).toBe(true);
    expect(heard).toHaveReturnedWith('maya@harbor.coffee');
    // A field left empty hears nothing.
    expect(heard.mock.calls.filter(([event]) => event.target === untouched)).toHaveLength(0);
    root.remove();
  });
});
