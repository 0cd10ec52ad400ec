import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../api/client';
import { session } from '../lib/session';
import { loadPanelTexts } from '../i18n';
import { queryClient } from './query-client';
import { ErrorPage, RenderErrorPage } from '../features/errors/error-page';

import { FullPageLoader, GuestOnly, RequireAuth, RequirePermission, RequireSignedIn } from './guards';
import { privateRoutes, publicRoutes, SetPasscodePage } from './routes';
import { IdleTimeout } from './idle-timeout';

/** An expired or revoked session anywhere sends the user to /login without a page reload. */
function SessionExpiry() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredHandler(() => {
      session.clear();
      queryClient.clear();
      void navigate('/login', { replace: true });
    });
  }, [navigate]);
  return null;
}

/** The signed-in shell and its texts are their own chunks: the sign-in screens never load them. */
const AppLayout = lazy(() =>
  Promise.all([import('./layout/app-layout'), loadPanelTexts()]).then(([m]) => ({ default: m.AppLayout })),
);

function Root() {
  return (
    <>
      <SessionExpiry />
      <IdleTimeout />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RenderErrorPage />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      ...publicRoutes.map(({ path, Component, guestOnly }) => ({
        path,
        element: guestOnly ? (
          <GuestOnly>
            <Component />
          </GuestOnly>
        ) : (
          <Component />
        ),
      })),
      {
        path: '/set-passcode-modal',
        element: (
          <RequireSignedIn>
            <SetPasscodePage />
          </RequireSignedIn>
        ),
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: privateRoutes.map((route) => ({
          path: route.path,
          handle: route,
          element: (
            <RequirePermission route={route}>
              <route.Component />
            </RequirePermission>
          ),
        })),
      },
      { path: '/404', element: <ErrorPage code={404} /> },
      { path: '/401', element: <ErrorPage code={401} /> },
      { path: '/403', element: <ErrorPage code={403} /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
