/** What other features use of sign-in, registration and two-factor sign-in. */
export { useSignOutEverywhere } from './api.ts';
export { DeleteAccountSection } from './DeleteAccountSection.tsx';
export { ProfileFields } from './ProfileFields.tsx';
export { latestAdultBirthDate, ZProfileEditForm } from './schemas.ts';
export type { TProfileEditForm } from './schemas.ts';
export { TwoFactorSection } from './TwoFactorSection.tsx';
export { TwoFactorSetup } from './TwoFactorSetup.tsx';
export { useKeepEnrolledSession, useTwoFactorStatus } from './twoFactorApi.ts';
