/** Contact Us messages and reports: what other modules may use of this area (its routes). */
export { filedReportAnswer, fileReportOnce, type FiledReportAnswer } from './content.service.ts';
/** A report's status and handler (the admin console's one-click hide marks the report In progress). */
export { updateReportHandling } from './content.queries.ts';
