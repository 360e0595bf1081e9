import { MESSAGES } from '@app/domain';

const T = MESSAGES.adminConsole;

/**
 * The admin console's sections in the sidebar's display order (Dashboard is the console's index,
 * `/admin`). A module of its own, without React, so the accessibility bench reads the same list.
 */
export const ADMIN_SECTIONS = [
  { key: 'dashboard', label: T.nav.dashboard, to: '/admin', icon: 'bi-speedometer2', end: true },
  { key: 'moderation', label: T.nav.moderation, to: '/admin/moderation', icon: 'bi-check2-square' },
  { key: 'verifications', label: T.nav.verifications, to: '/admin/verifications', icon: 'bi-person-vcard' },
  { key: 'payments', label: T.nav.payments, to: '/admin/payments', icon: 'bi-cash-coin' },
  { key: 'reports', label: T.nav.reports, to: '/admin/reports', icon: 'bi-flag' },
  { key: 'users', label: T.nav.users, to: '/admin/users', icon: 'bi-people' },
  { key: 'screening', label: T.nav.screening, to: '/admin/screening', icon: 'bi-shield-lock' },
  { key: 'settings', label: T.nav.settings, to: '/admin/settings', icon: 'bi-gear' },
  { key: 'auditLog', label: T.nav.auditLog, to: '/admin/audit-log', icon: 'bi-journal-text' },
] as const;
