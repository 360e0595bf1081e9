/** A person's own data: deleting an account (the auth area's route, the admin's, the job). */
export { deleteAccount, finishAccountDeletions, type DeletionContext } from './privacy.deletion.ts';
export { deletionContext } from './privacy.routes.ts';
