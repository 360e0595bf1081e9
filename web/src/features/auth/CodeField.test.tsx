import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { CodeField } from './CodeField.tsx';

const T = MESSAGES.twoFactor;
const registration = {
  name: 'code',
  onChange: async () => undefined,
  onBlur: async () => undefined,
  ref: () => undefined,
};

/** The texts `aria-describedby` names, in its order. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('CodeField', () => {
  it("takes the app's 6-digit code with the numeric keyboard, and says so", () => {
    render(<CodeField id="c" registration={registration} />);
    const input = screen.getByLabelText(T.codeLabel);
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('12');
    expect(describedBy(input)).toBe(T.codeHelp);
  });

  it('takes a recovery code too where one counts, and names it', () => {
    render(<CodeField id="c" registration={registration} error={{ message: 'Wrong' }} recovery />);
    const input = screen.getByLabelText(T.codeLabel);
    expect(input.hasAttribute('inputmode')).toBe(false);
    expect(input.getAttribute('maxlength')).toBe('32');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toBe(`Wrong ${T.recoveryHint}`);
  });
});
