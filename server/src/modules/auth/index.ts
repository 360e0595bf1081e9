/** Sign-in, registration and passwords: what other modules may use of this area. */
export { deleteExpiredRevocations } from './auth.service.ts';
export { resetTwoFactorByEmail } from './two-factor.service.ts';
