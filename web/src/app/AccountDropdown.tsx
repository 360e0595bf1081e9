import { NavDropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { useAccountMenuItems } from './useAccountMenuItems.ts';

interface AccountDropdownProps {
  /** The user's first and last name. */
  title: string;
  onLogout: () => void;
}

/** The signed-in user's dropdown in the header: the account links for the role, then Logout. */
export default function AccountDropdown({ title, onLogout }: AccountDropdownProps) {
  const items = useAccountMenuItems();
  return (
    <NavDropdown
      id="account-menu"
      align="end"
      title={
        <>
          <i className="bi bi-person-circle me-1" aria-hidden="true" />
          {title}
        </>
      }
    >
      {items.map((item) => (
        <NavDropdown.Item key={item.key} as={Link} to={item.to} eventKey={item.to}>
          <i className={`bi ${item.icon} me-2`} aria-hidden="true" />
          {item.label}
        </NavDropdown.Item>
      ))}
      <NavDropdown.Divider />
      <NavDropdown.Item as="button" type="button" onClick={onLogout}>
        <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
        {MESSAGES.nav.logout}
      </NavDropdown.Item>
    </NavDropdown>
  );
}
