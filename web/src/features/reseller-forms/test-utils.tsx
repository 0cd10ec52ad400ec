import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

/** Shows where the router ended up, so a test can assert a redirect. */
export function Landing() {
  const location = useLocation();
  return <p>landed on {location.pathname}</p>;
}

/** One screen in a memory router with Mantine and a fresh query client; any other path shows `Landing`. */
export function renderScreen(path: string, element: ReactNode, initialEntry: string) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
