import type { SessionUser } from '../../app/session.tsx';
import placeholderUrl from './assets/avatar-placeholder.svg';

/** The URL of a user's avatar (thumbnail when there is one), or null when none is set. */
export function getAvatarUrl(avatar: SessionUser['avatar'] | number | undefined): string | null {
  if (typeof avatar !== 'object' || avatar === null || typeof avatar.url !== 'string') return null;
  const thumbnail = avatar.formats?.thumbnail?.url;
  return typeof thumbnail === 'string' && thumbnail !== '' ? thumbnail : avatar.url;
}

interface AvatarProps {
  /** An image URL; the bundled placeholder when null. */
  src: string | null;
  alt: string;
  size?: 'small' | 'large';
  className?: string;
}

/** A round profile picture, or the bundled placeholder (no external image, CSP img-src 'self'). */
export function Avatar({ src, alt, size = 'large', className = '' }: AvatarProps) {
  const sizeClass = size === 'small' ? 'profile-avatar profile-avatar--small' : 'profile-avatar';
  return (
    <img
      src={src ?? placeholderUrl}
      alt={alt}
      className={`${sizeClass} rounded-circle ${className}`.trim()}
      width={size === 'small' ? 48 : 128}
      height={size === 'small' ? 48 : 128}
      data-placeholder={src === null ? 'true' : undefined}
    />
  );
}
