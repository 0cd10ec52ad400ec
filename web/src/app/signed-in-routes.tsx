import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SECURITY_PATH } from '@panel/contract';
import { allowed, session } from '../lib/session';
import { useProfile } from '../api/profile';
import { loadPanelTexts } from '../i18n';
import { FullPageLoader } from './guards';
import { page } from './lazy-page';
import { privateRoutes, type PrivateRoute } from './private-routes';
import { SignedInStepUp } from './signed-in-step-up';

/** The shell and the panel texts load together, in parallel with the screen's own chunk. */
const AppLayout = page(() => import('./layout/app-layout'), 'AppLayout', loadPanelTexts);

/** Pages of signed-in users: without the token and permissions cookies, to /login (core-panel.md §4). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!session.isSignedIn()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <RequirePasscode>{children}</RequirePasscode>;
}

/**
 * A second factor the account must turn on comes first (nothing else answers it until then), then a
 * missing credit-share passcode: its screen comes first, whatever page was asked for.
 */
function RequirePasscode({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const { pathname } = useLocation();
  if (profile.isPending) return <FullPageLoader />;
  if (profile.data?.data.two_factor_setup_required) {
    return pathname === SECURITY_PATH ? <>{children}</> : <Navigate to={SECURITY_PATH} replace />;
  }
  if (profile.data && !profile.data.data.hasPasscode) return <Navigate to="/set-passcode-modal" replace />;
  return <>{children}</>;
}

export function RequirePermission({ route, children }: { route: PrivateRoute; children: ReactNode }) {
  if (!allowed(session.permissions(), route.permission)) return <Navigate to={route.redirect ?? '/403'} replace />;
  return <>{children}</>;
}

/**
 * Every path the public table does not know: the signed-in screens in their layout, anything else
 * /404. This module (the route table, the guards, the profile call) is its own chunk, loaded by
 * the first path that is not a public screen.
 */
export function SignedInRoutes() {
  return (
    <Routes>
      <Route
        element={
          <RequireAuth>
            <SignedInStepUp />
            <AppLayout />
          </RequireAuth>
        }
      >
        {privateRoutes.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <RequirePermission route={route}>
                <route.Component />
              </RequirePermission>
            }
          />
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
