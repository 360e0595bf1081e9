import { DirectoryPage } from './DirectoryPage.tsx';

/**
 * The home page at `/` and `/ad/:page` is the provider listing (spec 001 §2). It stays in the main
 * bundle because it is the first page most visitors load.
 */
export function HomePage() {
  return <DirectoryPage />;
}
