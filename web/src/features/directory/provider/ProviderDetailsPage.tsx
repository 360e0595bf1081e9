import { Alert, Card, Nav, Tab } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { adPath, MESSAGES } from '@app/domain';
import { useSession } from '../../../app/session.tsx';
import { ReviewStateBadge } from '../../../ui/OwnerCard.tsx';
import { useMyAds } from '../ads/api.ts';
import './provider.css';

const M = MESSAGES.providerHome;

interface ProviderTask {
  /** The tab's key, also its `?tab=` value. */
  key: string;
  icon: string;
  label: string;
  /** The spec's parenthesised note after the label ('' for none). */
  note: string;
  text: string;
  action: string;
  to: string;
  secondary?: { label: string; to: string };
}

/** The four tabs of spec 001 §2 "Provider area", in the spec's order, each leading to its screen. */
export const PROVIDER_TASKS: readonly ProviderTask[] = [
  { key: 'create', icon: 'bi-plus-square', ...M.createAd, to: '/ads/submit' },
  {
    key: 'ads',
    icon: 'bi-megaphone',
    ...M.myAds,
    to: '/ads/view',
    secondary: { label: M.myAds.secondary, to: '/ads/packages' },
  },
  { key: 'mail', icon: 'bi-envelope-open', ...M.reviewMail, to: '/provider/reviewmail' },
  { key: 'screen', icon: 'bi-person-check', ...M.screenHobbyists, to: '/provider/ratehobyist' },
];

const DEFAULT_TAB = PROVIDER_TASKS[0]!.key;

/** How many of the provider's ads the ads tab links to (My Ads lists them all). */
const AD_LINKS = 10;

/** The ads tab's links to the provider's ads' own pages, newest first, each shown or not. */
function OwnAdLinks() {
  const { userId } = useSession();
  const ads = useMyAds(userId, 1, AD_LINKS);
  const list = ads.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="mt-3" aria-label={M.adPages}>
      <h3 className="h6">{M.adPages}</h3>
      <ul className="list-unstyled mb-0">
        {list.map((ad) => (
          <li key={ad.id} className="d-flex flex-wrap gap-2 align-items-baseline mb-1">
            <Link to={adPath(ad.id, ad.attributes)} className="text-break">
              {ad.attributes.title}
            </Link>
            <ReviewStateBadge
              state={ad.attributes.review ?? (ad.attributes.isShowed ? 'approved' : 'pending')}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Edit/View Your Ads (Add Time)": the tab's full name as the spec writes it. */
export function taskTitle(task: Pick<ProviderTask, 'label' | 'note'>): string {
  return task.note ? `${task.label} (${task.note})` : task.label;
}

/**
 * Provider Details (`/provider`, spec 001 §2 "Provider area"): the provider's home after signing in.
 * Four tabs (Create New Ad; Edit/View Your Ads (Add Time); Review Mail (Arrange Time & Place); Screen
 * Hobbyists (Rate/Comment on Hobbyists)), each with a short description and the way to its screen.
 * The open tab is kept in `?tab=`, so Back and a shared link return to it.
 */
export default function ProviderDetailsPage() {
  const { userType } = useSession();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const activeKey = PROVIDER_TASKS.some((task) => task.key === wanted) ? wanted! : DEFAULT_TAB;

  const select = (key: string | null) => {
    if (!key || key === activeKey) return;
    setParams(key === DEFAULT_TAB ? {} : { tab: key }, { replace: true });
  };

  return (
    <Card className="shadow-sm provider-home">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{M.title}</h1>
        <p className="text-body-secondary small mb-0">{M.intro}</p>
      </Card.Header>
      <Card.Body>
        {userType !== 'Provider' ? (
          <Alert variant="info" className="mb-0">
            {M.providersOnly}
          </Alert>
        ) : (
          <Tab.Container
            id="provider-tasks"
            activeKey={activeKey}
            onSelect={select}
            transition={false}
            unmountOnExit
          >
            <Nav variant="tabs" aria-label={M.tabsLabel} className="provider-home__tabs">
              {PROVIDER_TASKS.map((task) => (
                <Nav.Item key={task.key}>
                  <Nav.Link eventKey={task.key} className="provider-home__tab">
                    <i className={`bi ${task.icon} provider-home__tab-icon`} aria-hidden="true" />
                    <span className="provider-home__tab-label">{task.label}</span>
                    {task.note && (
                      <>
                        {' '}
                        <span className="provider-home__tab-note">{`(${task.note})`}</span>
                      </>
                    )}
                  </Nav.Link>
                </Nav.Item>
              ))}
            </Nav>
            <Tab.Content className="provider-home__panes">
              {PROVIDER_TASKS.map((task) => (
                <Tab.Pane key={task.key} eventKey={task.key} className="provider-home__pane">
                  <h2 className="h5">
                    <i className={`bi ${task.icon} me-2 text-accent`} aria-hidden="true" />
                    {taskTitle(task)}
                  </h2>
                  <p className="text-body-secondary">{task.text}</p>
                  <div className="d-flex flex-wrap gap-2">
                    <Link to={task.to} className="btn btn-accent">
                      {task.action}
                    </Link>
                    {task.secondary && (
                      <Link to={task.secondary.to} className="btn btn-outline-secondary">
                        {task.secondary.label}
                      </Link>
                    )}
                  </div>
                  {task.key === 'ads' && <OwnAdLinks />}
                </Tab.Pane>
              ))}
            </Tab.Content>
          </Tab.Container>
        )}
      </Card.Body>
    </Card>
  );
}
