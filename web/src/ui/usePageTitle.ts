import { useEffect } from 'react';
import { MESSAGES } from '@app/domain';

/**
 * Sets the document's title while the page is shown (the server writes the same title into the pages
 * it sends); the site's own title (the shell's) comes back when the page goes, whatever the page was
 * loaded with.
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return undefined;
    document.title = title;
    return () => {
      document.title = MESSAGES.site.slogan;
    };
  }, [title]);
}
