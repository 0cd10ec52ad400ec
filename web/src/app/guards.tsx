import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { i18n } from '../i18n';
import { session } from '../lib/session';

export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label={i18n.t('common.loading')} />
    </Center>
  );
}

/** Signed in, nothing more: the passcode screen itself. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  if (!session.isSignedIn()) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

/** Sign-in and sign-up screens: a signed-in visitor goes straight to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (session.isSignedIn()) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
