import { Link } from 'react-router';
import { ADMIN_USER_TYPES, MESSAGES, userTypeLabel, VERIFICATION_STATES } from '@app/domain';
import type { TAdminUserItem } from '@app/domain';
import { ListFilters, useFilteredList } from './filteredList.tsx';
import type { ListFilter } from './filteredList.tsx';
import { AdminPageHeader, AdminTable, StatusBadge } from './parts.tsx';
import './admin-pages.css';
import { formatDay } from '../../lib/dates.ts';
import { CardsOnPhone } from '../../ui/ColumnsTable.tsx';

const U = MESSAGES.adminUsers;
const V = MESSAGES.verification;

const TYPE_OPTIONS = ADMIN_USER_TYPES.map((type) => ({
  value: type,
  label: type === 'admin' ? U.admin : userTypeLabel(type),
}));
const STATUS_OPTIONS = [
  { value: 'active', label: U.active },
  { value: 'blocked', label: U.blocked },
];
const VERIFICATION_OPTIONS = VERIFICATION_STATES.map((state) => ({ value: state, label: V.states[state] }));

type UserFilter = 'q' | 'type' | 'status' | 'verification';
const FILTERS: readonly ListFilter<UserFilter>[] = [
  { name: 'q', label: U.search, placeholder: U.searchPlaceholder },
  { name: 'type', label: U.type, options: TYPE_OPTIONS, allLabel: U.all },
  { name: 'status', label: U.status, options: STATUS_OPTIONS, allLabel: U.all },
  { name: 'verification', label: U.verification, options: VERIFICATION_OPTIONS, allLabel: U.all },
];

/** An account's type as the console shows it: its type as people read it ("Vendor"), or Admin. */
export function accountTypeLabel(user: Pick<TAdminUserItem, 'role' | 'user_type'>): string {
  return user.role === 'admin' ? U.admin : userTypeLabel(user.user_type) || '—';
}

/** Active or Blocked, as a badge. */
export function AccountStatusBadge({ active }: { active: boolean }) {
  return <StatusBadge status={active ? 'active' : 'blocked'} label={active ? U.active : U.blocked} />;
}

/** A provider's verification state as a badge; nothing for the other accounts. */
export function VerificationBadge({ state }: { state: TAdminUserItem['verification'] }) {
  return state ? (
    <StatusBadge status={state} label={V.states[state]} />
  ) : (
    <span className="text-body-secondary">—</span>
  );
}

/** One account of the list: its username opens its page. */
function UserRow({ user }: { user: TAdminUserItem }) {
  return (
    <tr data-testid="user-row">
      <td data-label={U.username} className="admin-username">
        <Link to={`/admin/users/${user.id}`} className="fw-semibold">
          {user.username}
        </Link>
      </td>
      <td data-label={U.name}>{[user.first_name, user.last_name].filter(Boolean).join(' ')}</td>
      <td data-label={U.email} className="admin-email">
        {user.email}
      </td>
      <td data-label={U.phone} className="text-nowrap">
        {user.phone_number}
      </td>
      <td data-label={U.type}>{accountTypeLabel(user)}</td>
      <td data-label={U.status}>
        <AccountStatusBadge active={user.is_active} />
      </td>
      <td data-label={U.verification}>
        <VerificationBadge state={user.verification} />
      </td>
      <td data-label={U.twoFactor}>{user.two_factor_enabled ? U.twoFactorOn : U.twoFactorOff}</td>
      <td data-label={U.joined} className="small text-nowrap">
        {formatDay(user.createdAt)}
      </td>
    </tr>
  );
}

const HEADERS = [
  U.username,
  U.name,
  U.email,
  U.phone,
  U.type,
  U.status,
  U.verification,
  U.twoFactor,
  U.joined,
];

/**
 * /admin/users: search by name, e-mail, username or phone; filters by account type,
 * status and verification; newest first; each account opens its page.
 */
export default function UsersPage() {
  const { filters, setFilter, paging, query } = useFilteredList<TAdminUserItem, UserFilter>('/admin/users', {
    q: '',
    type: '',
    status: '',
    verification: '',
  });

  return (
    <section>
      <AdminPageHeader title={MESSAGES.adminConsole.titles.users} />
      <ListFilters fields={FILTERS} filters={filters} onChange={setFilter} />

      <CardsOnPhone>
        <AdminTable
          query={query}
          paging={paging}
          pagesLabel={U.pages}
          empty={U.noUsers}
          loadFailed={MESSAGES.adminPages.users.usersLoadFailed}
          caption={U.title}
          headers={HEADERS}
          row={(user) => <UserRow key={user.id} user={user} />}
        />
      </CardsOnPhone>
    </section>
  );
}
