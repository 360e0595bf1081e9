import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no layout; ScrollRestoration calls scrollTo on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
