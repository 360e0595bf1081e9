/** What other features use of screening: a stored number as people write it. */
export { formatPhone } from './format.ts';
