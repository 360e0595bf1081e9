import { afterEach, describe, expect, it } from 'vitest';
import { takeInlineAnswer } from './inline.ts';

function writeAnswer(url: string, text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.dataset.url = url;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  for (const element of document.querySelectorAll('script[data-url]')) element.remove();
});

describe('takeInlineAnswer', () => {
  it('gives the answer written for the same URL once, then nothing', () => {
    writeAnswer('/api/providers?a=1', '{"data":[{"title":"\\u003c/script> & $&"}]}');
    expect(takeInlineAnswer('/api/providers?a=2')).toBeUndefined();
    expect(takeInlineAnswer('/api/providers?a=1')).toEqual({ data: [{ title: '</script> & $&' }] });
    expect(takeInlineAnswer('/api/providers?a=1')).toBeUndefined();
    expect(document.querySelector('script[data-url]')).toBeNull();
  });

  it('gives nothing for a page without answers or with an unreadable one', () => {
    expect(takeInlineAnswer('/api/providers')).toBeUndefined();
    writeAnswer('/api/providers', '{"data":');
    expect(takeInlineAnswer('/api/providers')).toBeUndefined();
  });
});
