/** What other features use of the account area: its layout (the account pages' frame). */
export { default as AccountLayout } from './AccountLayout.tsx';
