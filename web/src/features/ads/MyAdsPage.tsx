import NotYetPage from '../../app/NotYetPage.tsx';

/** Placeholder while issue 11's page is being built. */
export default function Page() {
  return <NotYetPage />;
}
