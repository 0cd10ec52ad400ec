import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, matchRoutes, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { SECURITY_PATH } from '@panel/contract';
import { setSessionExpiredHandler, setTwoFactorSetupHandler } from '../api/client';
import { session } from '../lib/session';
import { queryClient } from './query-client';
import { ErrorPage, RenderErrorPage } from '../features/errors/error-page';
import { reportClientError } from '../features/errors/report-client-error';

import { FullPageLoader, GuestOnly, RequireSignedIn } from './guards';
import { publicRoutes, SetPasscodePage } from './routes';
import { SignedInStepUp } from './signed-in-step-up';
import { IdleTimeout } from './idle-timeout';
import { page } from './lazy-page';

/** An expired or revoked session anywhere sends the user to /login without a page reload. */
function SessionExpiry() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredHandler(() => {
      session.clear();
      queryClient.clear();
      void navigate('/login', { replace: true });
    });
    setTwoFactorSetupHandler(() => {
      // The profile says who requires the factor (the setup screen's banner) and keeps the guard there.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      if (window.location.pathname !== SECURITY_PATH) void navigate(SECURITY_PATH, { replace: true });
    });
  }, [navigate]);
  return null;
}

/**
 * The signed-in screens, their table, guards and shell are their own chunks: the sign-in screens
 * never load them. (The declarative router, not the data router: the data router's loaders,
 * actions and fetchers, which the panel does not use, weighed a tenth of /login.)
 */
const SignedInRoutes = page(() => import('./signed-in-routes'), 'SignedInRoutes');

/** The screens this module knows (the signed-in ones are in their own chunk, which may be what failed). */
const knownPatterns = [...publicRoutes.map(({ path }) => ({ path })), { path: '/set-passcode-modal' }];

/** What a report names: the route's pattern, never the token a path carries; else the path, ids only. */
function routeOf(pathname: string): string {
  return matchRoutes(knownPatterns, pathname)?.[0]?.route.path ?? pathname;
}

/**
 * A rendering failure (a lazily loaded part that failed twice included) shows RenderErrorPage
 * instead of a blank page, until the next navigation, and is reported.
 */
type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { pathname: string; failed: boolean };
export class RenderErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failed: false };
  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }
  override componentDidCatch(error: unknown) {
    reportClientError(error, routeOf(this.props.pathname));
  }
  override render() {
    return this.state.failed ? <RenderErrorPage /> : this.props.children;
  }
}

function Root() {
  const { pathname } = useLocation();
  return (
    <>
      <SessionExpiry />
      <IdleTimeout />
      <RenderErrorBoundary pathname={pathname}>
        <Suspense fallback={<FullPageLoader />}>
          <Routes>
            <Route path="/" element={<Navigate to="/login" replace />} />
            {publicRoutes.map(({ path, Component, guestOnly }) => (
              <Route
                key={path}
                path={path}
                element={
                  guestOnly ? (
                    <GuestOnly>
                      <Component />
                    </GuestOnly>
                  ) : (
                    <Component />
                  )
                }
              />
            ))}
            <Route
              path="/set-passcode-modal"
              element={
                <RequireSignedIn>
                  <SignedInStepUp />
                  <SetPasscodePage />
                </RequireSignedIn>
              }
            />
            <Route path="/404" element={<ErrorPage code={404} />} />
            <Route path="/401" element={<ErrorPage code={401} />} />
            <Route path="/403" element={<ErrorPage code={403} />} />
            <Route path="*" element={<SignedInRoutes />} />
          </Routes>
        </Suspense>
      </RenderErrorBoundary>
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Root />
    </BrowserRouter>
  );
}
