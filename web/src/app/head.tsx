import { createContext, useContext, useEffect } from 'react';
import { fillTemplate, MESSAGES } from '@app/domain';

/** One step of a page's breadcrumb trail: its name and its path (absolute paths, `/…`). */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * What a public page says of itself in its head: the server writes it into the page it sends (title,
 * description, canonical link, Open Graph and Twitter tags, JSON-LD with the breadcrumb trail); in the
 * browser the title follows the page shown.
 */
export interface PageHead {
  title: string;
  description: string;
  /** The page's one address (path and query), when it is not the path it was asked at without its query. */
  canonical?: string;
  /** Open Graph's type: `website` (the default), `profile`, `product`. */
  type?: 'website' | 'profile' | 'product';
  /** Home first, the page itself last. */
  breadcrumbs?: Crumb[];
  /** Schema.org objects beside the breadcrumb list (a place's `LocalBusiness`, a product's `Product`). */
  jsonLd?: Record<string, unknown>[];
}

/** Where the server's render collects the head of the page it renders; null in the browser. */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

/**
 * Declares the shown page's head. Rendered on the server, the page's head is what the server writes
 * (the innermost page's, when pages nest); in the browser the document's title follows it and the
 * site's own title (the shell's) comes back when the page goes.
 */
export function usePageHead(head: PageHead | undefined) {
  const collect = useContext(PageHeadContext);
  if (collect && head) collect(head);
  const title = head?.title;
  useEffect(() => {
    if (!title) return undefined;
    document.title = title;
    return () => {
      document.title = MESSAGES.site.slogan;
    };
  }, [title]);
}

/**
 * The head of a page of the site's own (a static page, a section's listing): its name in the title, its
 * description, and the trail Providers › the page.
 */
export function sectionHead(name: string, description: string, path: string): PageHead {
  return {
    title: fillTemplate(MESSAGES.pageHead.title, { name }),
    description,
    canonical: path,
    breadcrumbs: [
      { name: MESSAGES.adPage.home, path: '/' },
      { name, path },
    ],
  };
}
