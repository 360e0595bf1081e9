import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no layout; ScrollRestoration calls scrollTo on every navigation.
window.scrollTo = () => {};

// jsdom has <dialog> but not its methods: showing sets `open` (jsdom's own style then shows it).
if (typeof HTMLDialogElement.prototype.show !== 'function') {
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
