import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

/** Shows where the router ended up, so a test can assert a redirect. */
export function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} {location.pathname}
      {location.search}
    </p>
  );
}

/** Renders public screens in a memory router with Mantine and a fresh query client. */
export function renderRoutes(routes: { path: string; element: ReactNode }[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
