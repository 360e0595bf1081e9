import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { markSessionInTabs } from '../app/sessionTabs.ts';

// `findBy…` and `waitFor` wait up to 3 s (the library's 1 s default): parts loaded on demand (a card's forms,
// a dialog's) import their module first, which on a loaded CI machine took longer than a second.
configure({ asyncUtilTimeout: 3000 });

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
  window.sessionStorage.clear();
  markSessionInTabs(false);
});
