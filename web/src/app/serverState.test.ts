import { afterEach, describe, expect, it } from 'vitest';
import { readServerState, SERVER_STATE_ELEMENT_ID } from './serverState.ts';

function pageWithState(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SERVER_STATE_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => document.getElementById(SERVER_STATE_ELEMENT_ID)?.remove());

describe('readServerState', () => {
  it('takes the render’s answers as fetched when the page arrived, and removes them from the page', () => {
    pageWithState(
      JSON.stringify({
        mutations: [],
        queries: [
          {
            queryKey: ['providers'],
            queryHash: '["providers"]',
            state: { data: { data: [] }, dataUpdatedAt: 1_000, status: 'success' },
          },
        ],
      }),
    );
    const state = readServerState(90_000)!;
    expect(state.queries[0]!.state).toEqual({ data: { data: [] }, dataUpdatedAt: 90_000, status: 'success' });
    expect(document.getElementById(SERVER_STATE_ELEMENT_ID)).toBeNull();
  });

  it('is undefined for a page without them or with a spoiled copy', () => {
    expect(readServerState()).toBeUndefined();
    pageWithState('{not json');
    expect(readServerState()).toBeUndefined();
  });
});
