import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Server-rendering tests run in Node (`@vitest-environment node`): no window to set up there.
if (typeof window !== 'undefined') {
  // antd reads media queries (Grid, responsive props) and observes element sizes; jsdom has neither.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  });

  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver = ResizeObserverStub;

  // Lazy routes and antd's first style injection are slow on a busy two-core machine.
  configure({ asyncUtilTimeout: 5000 });

  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    // What a test set in cookies (the age answer) does not leak into the next.
    for (const pair of document.cookie.split('; ')) {
      const name = pair.split('=')[0];
      if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
    }
  });
}
