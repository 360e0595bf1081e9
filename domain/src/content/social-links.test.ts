import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { isSocialUrl, ZSocialUrl } from './social-links.ts';

describe('social links', () => {
  it('are whole https:// addresses with a host, and nothing else', () => {
    for (const ok of ['https://x.com/livethefantasy', 'https://www.instagram.com/ltf/?hl=en'])
      expect(isSocialUrl(ok), ok).toBe(true);
    for (const bad of [
      'http://x.com/ltf',
      'javascript:alert(1)',
      'data:text/html,hi',
      'x.com/ltf',
      'https://',
      'https://me:pw@x.com/',
      'https://x.com/a b',
      `https://x.com/${'a'.repeat(300)}`,
    ])
      expect(isSocialUrl(bad), bad).toBe(false);
  });

  it('are taken trimmed, empty meaning none, with one message a fault', () => {
    expect(ZSocialUrl.parse('  https://x.com/ltf  ')).toBe('https://x.com/ltf');
    expect(ZSocialUrl.parse('   ')).toBe('');
    const long = ZSocialUrl.safeParse(`https://x.com/${'a'.repeat(300)}`);
    expect(long.error?.issues.map((i) => i.message)).toEqual([MESSAGES.adminSettings.socialUrlTooLong]);
    const http = ZSocialUrl.safeParse('http://x.com/ltf');
    expect(http.error?.issues.map((i) => i.message)).toEqual([MESSAGES.adminSettings.socialUrlInvalid]);
  });
});
