import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import { setNavigator } from '../lib/navigation';

// In development the API client checks every answer against the contract, loading the contract on
// the first call. Loading it here keeps that one-off cost out of the tests' waiting times.
await import('../lib/check-response');

// A lazy route's first import is transformed on demand: on a loaded CI machine that alone can pass
// Testing Library's 1 s default, so the findBy/waitFor calls wait up to 5 s for a screen to appear.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no ResizeObserver; Headless UI's combobox (the time-zone field) observes its list.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom does not scroll; the router's scroll restoration calls this.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  toast.remove();
  window.localStorage.clear();
  window.sessionStorage.clear();
  delete window.dataLayer;
  window.history.replaceState(null, '', '/');
  setNavigator(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
