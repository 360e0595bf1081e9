/**
 * The demo accounts `npm run demo` seeds and their password. A module of its own (no imports) so that the
 * end-to-end journeys can sign in as them too.
 */
export const DEMO_PASSWORD = 'Demo-pass-1';
export const DEMO_ACCOUNTS = [
  {
    email: 'hobbyist@demo.test',
    username: 'demo_hobbyist',
    user_type: 'Hobbyist',
    first_name: 'Harper',
    last_name: 'Demo',
  },
  {
    email: 'provider@demo.test',
    username: 'demo_provider',
    user_type: 'Provider',
    first_name: 'Paige',
    last_name: 'Demo',
  },
  {
    email: 'vendor@demo.test',
    username: 'demo_vendor',
    user_type: 'Vender',
    first_name: 'Victor',
    last_name: 'Demo',
  },
] as const;
export const DEMO_ADMIN_EMAIL = 'admin@demo.test';

const pad = (n: number) => String(n).padStart(2, '0');
/** The demo providers who hold the demo ads, each with a package (seed-demo-providers.ts). */
export const demoProviderEmail = (n: number) => `provider${pad(n)}@demo.test`;
export const demoHobbyistEmail = (n: number) => `hobbyist${pad(n)}@demo.test`;
