import { isAdminRole } from './accountMenu.ts';
import { useSession } from './session.tsx';

/**
 * The session's role flags as a provider's card and its panels use them (hints only: the server
 * decides who may react, comment, message, mail or tip).
 */
export function useCardViewer() {
  const { isLoggedIn, userType, userId, user } = useSession();
  return {
    isLoggedIn,
    userId,
    isHobbyist: isLoggedIn && userType === 'Hobbyist' && userId !== null,
    /** The staff: the card offers the ad's risk signals. */
    isAdmin: isLoggedIn && isAdminRole(user?.role),
  };
}
