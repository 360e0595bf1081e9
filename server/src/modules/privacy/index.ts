/** A person's own data: exports and deleting an account (the auth area's route, the admin's, the jobs). */
export { privacyContext, type PrivacyContext } from './privacy.context.ts';
export { deleteAccount, finishAccountDeletions } from './privacy.deletion.ts';
export { deleteExpiredExports, prepareExports, retireDiskExports } from './privacy.export.ts';
