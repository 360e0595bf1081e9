/** A person's own data: My Profile's export, and the console's exports of an account. */
export { AdminExports } from './AdminExports.tsx';
export { DataExportSection } from './DataExportSection.tsx';
