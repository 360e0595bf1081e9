/** The report dialog and its button, shown on cards and places. */
export { ReportButton, ReportDialog } from './ReportDialog.tsx';
