import { useSession } from './session.tsx';

/**
 * The session's role flags as a provider's card and its panels use them (hints only: the server
 * decides who may react, comment, message, mail or tip).
 */
export function useCardViewer() {
  const { isLoggedIn, userType, userId } = useSession();
  return { isLoggedIn, userId, isHobbyist: isLoggedIn && userType === 'Hobbyist' && userId !== null };
}
