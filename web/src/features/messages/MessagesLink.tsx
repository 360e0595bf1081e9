import { Badge, Nav } from 'react-bootstrap';
import { NavLink } from 'react-router';
import { MESSAGES } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { useUnreadMessages } from './unread.ts';

const C = MESSAGES.conversations;

/**
 * The header's messages link for the two sides of conversations (a hobbyist's Messages, a provider's
 * Review Mail) with the count of unread messages; nothing for anyone else.
 */
export function MessagesLink() {
  const { isLoggedIn, userType } = useSession();
  const side = isLoggedIn && (userType === 'Hobbyist' || userType === 'Provider');
  const unread = useUnreadMessages(side);
  if (!side) return null;
  const to = userType === 'Provider' ? '/provider/reviewmail' : '/messages';
  const count = unread.data ?? 0;
  return (
    <Nav.Link as={NavLink} to={to} eventKey={to} className="site-cart">
      <i className="bi bi-envelope site-cart__icon" aria-hidden="true" />
      <span className="site-cart__label">{C.title}</span>
      {count > 0 && (
        <>
          {' '}
          <Badge pill bg="accent" className="site-cart__badge" data-testid="unread-count">
            {count}
            <span className="visually-hidden"> {C.unreadLabel}</span>
          </Badge>
        </>
      )}
    </Nav.Link>
  );
}
