import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { renderRoutes } from '../../test-utils';

/** Shows where the router ended up, so a test can assert a redirect. */
export function Landing() {
  const location = useLocation();
  return <p>landed on {location.pathname}</p>;
}

/** One screen in a memory router with Mantine and a fresh query client; any other path shows `Landing`. */
export function renderScreen(path: string, element: ReactNode, initialEntry: string) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <Landing /> },
    ],
    initialEntry,
  );
}
