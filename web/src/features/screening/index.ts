/** What other features use of screening: its day and moment formats. */
export { formatDay, formatMoment } from './format.ts';
