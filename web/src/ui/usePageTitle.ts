import { useEffect } from 'react';

/**
 * Sets the document's title while the page is shown (the server writes the same title into the pages
 * it sends); the title before comes back when the page goes.
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return undefined;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
