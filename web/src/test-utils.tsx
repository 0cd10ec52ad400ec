import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import type { AllowedApplicationListItem } from '@panel/contract';

/** What the screens' API client calls: `fetch(url, init)` with a URL object. */
export type Fetch = (url: URL, init?: RequestInit) => Promise<Response>;

/** An answer of the fake server. */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The answer of GET /api/fetch-allowed-applications, for the module pickers. */
export const allowedApplications = (list: AllowedApplicationListItem[]) =>
  json(200, { status: true, msg: 'OK', data: { ApplicationList: list } });

/** Replaces `fetch` with a fake server for the test; undo with `vi.unstubAllGlobals()`. */
export function stubFetch(server?: Fetch) {
  const fetchMock = vi.fn<Fetch>(server);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
export type FetchMock = ReturnType<typeof stubFetch>;

/** The JSON bodies the screen sent to one path, in order. */
export const sentBodies = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url.pathname === path).map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);

/** A query client that never retries, so a failure shows at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders a screen with Mantine (no transitions) and a query client (a fresh one unless given). */
export function renderWithProviders(ui: ReactNode, client = testQueryClient()) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/**
 * A phone's screen: every media query below 768 px matches (test-setup.ts answers no to all).
 * `vi.restoreAllMocks()` brings the wide screen back.
 */
export function onPhone() {
  const desktop = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...desktop(query), matches: query.includes('max-width') }));
}

/** Renders routes in a memory router, starting at `initialEntry`; answers the router to assert where it went. */
export function renderRoutes(routes: { path: string; element: ReactNode }[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** Picks a module in the (first) module select once the allowed applications have loaded. */
export async function chooseModule(name: string) {
  const select = screen.getAllByRole('combobox', { name: /Module/ })[0]!;
  await waitFor(() => expect(select).toBeEnabled());
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name }));
}

/** The open picker's day button for `date` (yyyy-mm-dd), after moving the shown month there. */
export async function pickerDay(date: string) {
  const target = dayjs(date);
  const label = target.format('D MMMM YYYY');
  const shownDay = () => screen.queryAllByRole('button', { name: label }).find((b) => !b.hasAttribute('data-outside'));
  for (let step = 0; !shownDay() && step < 24; step += 1) {
    const shown = dayjs(new Date(`1 ${(await screen.findByRole('button', { name: 'Choose a month' })).textContent}`));
    fireEvent.click(screen.getByRole('button', { name: target.isBefore(shown, 'month') ? 'Previous month' : 'Next month' }));
  }
  return shownDay()!;
}

/** Opens the date range picker labelled `label` and clicks `start`, then `end` (yyyy-mm-dd). */
export async function pickDateRange(label: string, start: string, end: string) {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
  fireEvent.click(await pickerDay(start));
  fireEvent.click(await pickerDay(end));
}
