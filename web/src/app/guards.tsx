import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { i18n } from '../i18n';
import { allowed, session } from '../lib/session';
import { useProfile } from '../api/profile';
import type { PrivateRoute } from './routes';

export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label={i18n.t('common.loading')} />
    </Center>
  );
}

/** Pages of signed-in users: without the token and permissions cookies, to /login (core-panel.md §4). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!session.isSignedIn()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <RequirePasscode>{children}</RequirePasscode>;
}

/** Signed in, nothing more: the passcode screen itself. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  if (!session.isSignedIn()) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

/** No credit-share passcode yet: the passcode screen comes first, whatever page was asked for. */
function RequirePasscode({ children }: { children: ReactNode }) {
  const profile = useProfile();
  if (profile.isPending) return <FullPageLoader />;
  if (profile.data && !profile.data.data.hasPasscode) return <Navigate to="/set-passcode-modal" replace />;
  return <>{children}</>;
}

export function RequirePermission({ route, children }: { route: PrivateRoute; children: ReactNode }) {
  if (!allowed(session.permissions(), route.permission)) return <Navigate to={route.redirect ?? '/403'} replace />;
  return <>{children}</>;
}

/** Sign-in and sign-up screens: a signed-in visitor goes straight to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (session.isSignedIn()) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
