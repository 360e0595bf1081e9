import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { MESSAGES } from '@app/domain';
import { homeHandle, HomePage } from '../features/directory/HomePage.tsx';
import { GuestOnly, RequireAccountType, RequireAuth } from './guards.tsx';
import { Layout } from './Layout.tsx';
import type { RouteHandle } from './prefetch.ts';
import { prefetchPublicSettings } from './publicSettings.ts';
import { RouteError } from './RouteError.tsx';

// Every page but the home listing is loaded on demand, so the first load stays small.
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));
const AccountLayout = lazy(() => import('../features/users/AccountLayout.tsx'));
const ProfilePage = lazy(() => import('../features/users/ProfilePage.tsx'));
const ProfileEditPage = lazy(() => import('../features/users/ProfileEditPage.tsx'));
const ChangePasswordPage = lazy(() => import('../features/auth/ChangePasswordPage.tsx'));
const TermsPage = lazy(() => import('../features/content/TermsPage.tsx'));
const PrivacyPage = lazy(() => import('../features/content/PrivacyPage.tsx'));
const ReportTraffickingPage = lazy(() => import('../features/content/ReportTraffickingPage.tsx'));
const FaqPage = lazy(() => import('../features/content/FaqPage.tsx'));
const ContactPage = lazy(() => import('../features/content/ContactPage.tsx'));
const ScreeningReviewPage = lazy(() => import('../features/content/ScreeningReviewPage.tsx'));
const PackagesPage = lazy(() => import('../features/billing/PackagesPage.tsx'));
const ReviewMailPage = lazy(() => import('../features/directory/provider/ReviewMailPage.tsx'));
const MessagesPage = lazy(() => import('../features/messages/MessagesPage.tsx'));
const ConversationPage = lazy(() => import('../features/messages/ConversationPage.tsx'));
const SubscriptionPage = lazy(() => import('../features/billing/SubscriptionPage.tsx'));
const WalletPage = lazy(() => import('../features/billing/WalletPage.tsx'));
const MyPaymentsPage = lazy(() => import('../features/billing/MyPaymentsPage.tsx'));
const PostAdPage = lazy(() => import('../features/directory/ads/PostAdPage.tsx'));
const MyAdsPage = lazy(() => import('../features/directory/ads/MyAdsPage.tsx'));
const EditAdPage = lazy(() => import('../features/directory/ads/EditAdPage.tsx'));
const AdPage = lazy(() => import('../features/directory/ad/AdPage.tsx'));
const ProviderDetailsPage = lazy(() => import('../features/directory/provider/ProviderDetailsPage.tsx'));
const AddPlacePage = lazy(() => import('../features/places/AddPlacePage.tsx'));
const MyPlacesPage = lazy(() => import('../features/places/MyPlacesPage.tsx'));
const EditPlacePage = lazy(() => import('../features/places/EditPlacePage.tsx'));
const VenuePage = lazy(() => import('../features/places/VenuePage.tsx'));
const ScreeningPage = lazy(() => import('../features/screening/ScreeningPage.tsx'));
const ShopPage = lazy(() => import('../features/shop/ShopPage.tsx'));
const ProductDetailsPage = lazy(() => import('../features/shop/ProductDetailsPage.tsx'));
const CartPage = lazy(() => import('../features/shop/CartPage.tsx'));
const WishlistPage = lazy(() => import('../features/shop/WishlistPage.tsx'));
const SavedProvidersPage = lazy(() => import('../features/saved/SavedProvidersPage.tsx'));
const MyProductsPage = lazy(() => import('../features/shop/MyProductsPage.tsx'));
const AddProductPage = lazy(() => import('../features/shop/AddProductPage.tsx'));
const EditProductPage = lazy(() => import('../features/shop/EditProductPage.tsx'));
const CheckoutPage = lazy(() => import('../features/orders/CheckoutPage.tsx'));
const MyOrdersPage = lazy(() => import('../features/orders/MyOrdersPage.tsx'));
const MySalesPage = lazy(() => import('../features/orders/MySalesPage.tsx'));
// The admin console: its own chunks, loaded only under /admin.
const AdminLayout = lazy(() => import('../features/admin/AdminLayout.tsx'));
const AdminDashboardPage = lazy(() => import('../features/admin/DashboardPage.tsx'));
const AdminModerationPage = lazy(() => import('../features/admin/ModerationPage.tsx'));
const AdminVerificationsPage = lazy(() => import('../features/admin/VerificationsPage.tsx'));
const AdminScreeningAccessPage = lazy(() => import('../features/admin/ScreeningAccessPage.tsx'));
const AdminPaymentsPage = lazy(() => import('../features/admin/PaymentsPage.tsx'));
const AdminReportsPage = lazy(() => import('../features/admin/ReportsPage.tsx'));
const AdminUsersPage = lazy(() => import('../features/admin/UsersPage.tsx'));
const AdminUserDetailPage = lazy(() => import('../features/admin/UserDetailPage.tsx'));
const AdminSettingsPage = lazy(() => import('../features/admin/SettingsPage.tsx'));
const AdminAuditLogPage = lazy(() => import('../features/admin/AuditLogPage.tsx'));
const AdminTwoFactorEnrolPage = lazy(() => import('../features/admin/TwoFactorEnrolPage.tsx'));

/** An ad page's data, fetched before the server renders it (its code loads with the page's). */
const adHandle: RouteHandle = {
  prefetch: (args) => import('../features/directory/ad/prefetch.ts').then((m) => m.prefetchAdPage(args)),
};

/** A place's page: the place and its first reviews, fetched before the server renders it. */
const venueHandle: RouteHandle = {
  prefetch: (args) => import('../features/places/prefetch.ts').then((m) => m.prefetchVenuePage(args)),
};

/** The shop: its page of products and the vendors' filter, fetched before the server renders it. */
const shopHandle: RouteHandle = {
  prefetch: (args) => import('../features/shop/api.ts').then((m) => m.prefetchShopPage(args)),
};

/** A product's page: the product, fetched before the server renders it. */
const productHandle: RouteHandle = {
  prefetch: (args) => import('../features/shop/api.ts').then((m) => m.prefetchProductPage(args)),
};

/** Every page's frame: its footer's social links, fetched before the server renders any page. */
const layoutHandle: RouteHandle = {
  prefetch: ({ queryClient }) => prefetchPublicSettings(queryClient),
};

/** Public pages (spec 000 §2 route table). */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: homeHandle },
  { path: 'ad/:page', element: <HomePage />, handle: homeHandle },
  { path: 'termsofservice', element: <TermsPage /> },
  { path: 'privacypolicy', element: <PrivacyPage /> },
  { path: 'reporttrafficking', element: <ReportTraffickingPage /> },
  { path: 'faq', element: <FaqPage /> },
  { path: 'contactus', element: <ContactPage /> },
  { path: 'screening-review', element: <ScreeningReviewPage /> },
  { path: 'resetPassword', element: <ResetPasswordPage /> },
  { path: 'package', element: <PackagesPage /> },
  { path: 'ads/packages', element: <PackagesPage /> },
  { path: 'ads/packages/', element: <PackagesPage /> },
  // An ad's own page; the address without its slug is moved to the one with it.
  { path: 'ads/:id', element: <AdPage />, handle: adHandle },
  { path: 'ads/:id/:slug', element: <AdPage />, handle: adHandle },
  // The venue directories and their places (spec 000 §2 "Vendor venues").
  ...(['eroticbody', 'sextoy', 'stripclub'] as const).flatMap((kind) => [
    { path: kind, element: <VenuePage kind={kind} /> },
    { path: `${kind}/:id`, element: <VenuePage kind={kind} />, handle: venueHandle },
  ]),
  // The online store (spec 000 §2 "Shop"). Checkout sends a signed-out visitor to /login itself.
  { path: 'products', element: <ShopPage />, handle: shopHandle },
  { path: 'productsList', element: <ShopPage />, handle: shopHandle },
  { path: 'productdetails/:id', element: <ProductDetailsPage />, handle: productHandle },
  { path: 'Cart', element: <CartPage /> },
  { path: 'Checkout', element: <CheckoutPage /> },
];

/** /login, /register, /forgotPassword: a logged-in user is sent on (see GuestOnly). */
const guestRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'forgotPassword', element: <ForgotPasswordPage /> },
];

/** Login-required pages: others go to /login, remembering where they wanted to go. */
const protectedRoutes: RouteObject[] = [
  {
    element: <AccountLayout />,
    children: [
      { path: 'profile', element: <ProfilePage /> },
      { path: 'profile/view', element: <ProfilePage /> },
      { path: 'profile/edit', element: <ProfileEditPage /> },
      { path: 'profile/changepassword', element: <ChangePasswordPage /> },
      { path: 'provider/reviewmail', element: <ReviewMailPage /> },
      // One conversation, for both its sides; a hobbyist's list of them (a provider's is Review Mail).
      { path: 'messages/:id', element: <ConversationPage /> },
      {
        element: <RequireAccountType type="Hobbyist" note={MESSAGES.conversations.hobbyistsOnly} />,
        children: [{ path: 'messages', element: <MessagesPage /> }],
      },
      { path: 'provider', element: <ProviderDetailsPage /> },
      {
        // Provider accounts only (spec 001 §6); others read a note.
        element: <RequireAccountType type="Provider" note={MESSAGES.providerHome.pageForProviders} />,
        children: [
          { path: 'provider/subscription', element: <SubscriptionPage /> },
          { path: 'provider/wallet', element: <WalletPage /> },
          { path: 'ads/submit', element: <PostAdPage /> },
          { path: 'ads/view', element: <MyAdsPage /> },
          { path: 'ads/edit/:id', element: <EditAdPage /> },
          { path: 'place/view', element: <MyPlacesPage /> },
          { path: 'place/add', element: <AddPlacePage /> },
          { path: 'place/edit/:id', element: <EditPlacePage /> },
          { path: 'provider/ratehobyist', element: <ScreeningPage /> },
        ],
      },
      // Buyers' pages: hobbyists and vendors (spec 000 §6), and providers who bought.
      { path: 'orders/view', element: <MyOrdersPage /> },
      { path: 'wishlist', element: <WishlistPage /> },
      {
        // A hobbyist's tips and paid orders with their payments' states.
        element: <RequireAccountType type="Hobbyist" note={MESSAGES.myPayments.hobbyistsOnly} />,
        children: [{ path: 'payments/view', element: <MyPaymentsPage /> }],
      },
      {
        // A hobbyist's saved providers.
        element: <RequireAccountType type="Hobbyist" note={MESSAGES.savedProviders.hobbyistsOnly} />,
        children: [{ path: 'saved', element: <SavedProvidersPage /> }],
      },
      {
        // Seller accounts (`Vender`) only (spec 000 §6: My Products; also My Sales).
        element: <RequireAccountType type="Vender" note={MESSAGES.myProducts.sellersOnly} />,
        children: [
          { path: 'products/view', element: <MyProductsPage /> },
          { path: 'products/add', element: <AddProductPage /> },
          { path: 'products/edit/:id', element: <EditProductPage /> },
          { path: 'sales/view', element: <MySalesPage /> },
        ],
      },
    ],
  },
];

/** The admin console: AdminLayout lets only a signed-in admin in and asks for two-factor first. */
const adminRoutes: RouteObject[] = [
  { path: 'admin/two-factor', element: <AdminTwoFactorEnrolPage /> },
  {
    path: 'admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <AdminDashboardPage /> },
      { path: 'dashboard', element: <AdminDashboardPage /> },
      { path: 'moderation', element: <AdminModerationPage /> },
      { path: 'verifications', element: <AdminVerificationsPage /> },
      { path: 'payments', element: <AdminPaymentsPage /> },
      { path: 'reports', element: <AdminReportsPage /> },
      { path: 'users', element: <AdminUsersPage /> },
      { path: 'users/:id', element: <AdminUserDetailPage /> },
      { path: 'screening', element: <AdminScreeningAccessPage /> },
      { path: 'settings', element: <AdminSettingsPage /> },
      { path: 'audit-log', element: <AdminAuditLogPage /> },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    handle: layoutHandle,
    children: [
      {
        // Errors of a page render inside the layout, so the header and footer stay usable.
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { element: <GuestOnly />, children: guestRoutes },
          { element: <RequireAuth />, children: protectedRoutes },
          { element: <RequireAuth />, children: adminRoutes },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
