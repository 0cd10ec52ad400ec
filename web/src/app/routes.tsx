import type { ComponentType, LazyExoticComponent } from 'react';
import { LoginPage } from '../features/auth/login-page';
import { loadPanelTexts, loadStoreTexts } from '../i18n';
import { page } from './lazy-page';

export type PublicRoute = {
  path: string;
  Component: LazyExoticComponent<ComponentType> | ComponentType;
  /** Signed-in visitors go to /dashboard instead (sign-in and sign-up screens). */
  guestOnly?: boolean;
};

/**
 * The screens a visitor reaches without the signed-in shell. The signed-in screens' table is in
 * private-routes.tsx, which loads with the shell: its lazy imports (and the list of chunks each
 * one preloads) are no part of /login.
 */
export const publicRoutes: PublicRoute[] = [
  // The sign-in form is part of the entry: it is the first screen of nearly every visit, and its
  // modules (the form, the inputs) then travel in the entry instead of some thirty small chunks.
  { path: '/login', Component: LoginPage, guestOnly: true },
  { path: '/:prefix/admin-login', Component: LoginPage, guestOnly: true },
  { path: '/sign-up', Component: page(() => import('../features/auth/sign-up-page'), 'SignUpPage'), guestOnly: true },
  { path: '/verify-your-email', Component: page(() => import('../features/auth/verify-email-page'), 'VerifyEmailPage') },
  {
    path: '/email-verification-page',
    Component: page(() => import('../features/auth/email-verification-page'), 'EmailVerificationPage'),
  },
  { path: '/forget-password', Component: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'), guestOnly: true },
  { path: '/reset-password/:token', Component: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage') },
  { path: '/create-password', Component: page(() => import('../features/auth/create-password-page'), 'CreatePasswordPage') },
  { path: '/update-email', Component: page(() => import('../features/auth/update-email-page'), 'UpdateEmailPage') },
  // A reseller's public store and its customers' orders (issue 43): no session, no panel shell, and
  // the store's own texts (never the panel's), loaded with the page.
  { path: '/store/:slug', Component: page(() => import('../features/store/storefront-page'), 'StorefrontPage', loadStoreTexts) },
  { path: '/store/:slug/orders/:id', Component: page(() => import('../features/store/store-order-page'), 'StoreOrderPage', loadStoreTexts) },
  { path: '/store/:slug/renew/:token', Component: page(() => import('../features/store/renewal-page'), 'RenewalPage', loadStoreTexts) },
];

/**
 * The passcode screen is signed-in but outside the layout: it must be completed before anything
 * else. It loads the panel texts as the layout does (its log-out button is `nav.logout`).
 */
export const SetPasscodePage = page(() => import('../features/credit/set-passcode-page'), 'SetPasscodePage', loadPanelTexts);
