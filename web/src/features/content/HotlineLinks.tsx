import type { ReactNode } from 'react';
import { MESSAGES, TRAFFICKING_HOTLINE } from '@app/domain';

/** `tel:` and `sms:` addresses of the U.S. National Human Trafficking Hotline. */
export const HOTLINE_TEL = `tel:+1-${TRAFFICKING_HOTLINE.phone.replace(/^1-/, '')}`;
export const HOTLINE_SMS = `sms:${TRAFFICKING_HOTLINE.text}`;

/**
 * The hotline sentence (MESSAGES.report.hotline) with its phone number as a `tel:` link and its
 * text number as an `sms:` link, so a tap on a phone calls or texts straight away.
 */
export function HotlineText({ text = MESSAGES.report.hotline }: { text?: string }) {
  const parts: ReactNode[] = [];
  const pattern = new RegExp(
    `(${escape(TRAFFICKING_HOTLINE.phone)}|\\b${escape(TRAFFICKING_HOTLINE.text)}\\b)`,
  );
  text.split(pattern).forEach((part, index) => {
    if (part === TRAFFICKING_HOTLINE.phone) {
      parts.push(
        <a key={index} href={HOTLINE_TEL} className="fw-semibold text-nowrap">
          {part}
        </a>,
      );
    } else if (part === TRAFFICKING_HOTLINE.text) {
      parts.push(
        <a key={index} href={HOTLINE_SMS} className="fw-semibold text-nowrap">
          {part}
        </a>,
      );
    } else if (part) {
      parts.push(part);
    }
  });
  return <>{parts}</>;
}

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
