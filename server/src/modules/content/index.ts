/** Contact Us messages and reports: what other modules may use of this area (its routes). */
export { fileReportOnce } from './content.service.ts';
