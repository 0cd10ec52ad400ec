import { Suspense } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sentBodies, stubFetch, type FetchMock } from '../test-utils';
import { page } from './lazy-page';
import { RenderErrorBoundary } from './router';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/screen-abc123.js');
const screenModule = { Screen: () => <p>The screen</p> };

function renderScreen(load: () => Promise<typeof screenModule>, pathname = '/sign-up') {
  const Screen = page(load, 'Screen');
  renderWithProviders(
    <RenderErrorBoundary pathname={pathname}>
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>
    </RenderErrorBoundary>,
  );
}

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch(async () => new Response(null, { status: 204 }));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a lazily loaded screen', () => {
  it('is loaded a second time when the first load fails, and then shown without a report', async () => {
    const load = vi.fn<() => Promise<typeof screenModule>>().mockRejectedValueOnce(chunkFailure()).mockResolvedValueOnce(screenModule);
    renderScreen(load);
    expect(await screen.findByText('The screen', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(sentBodies(fetchMock, '/api/client-errors')).toEqual([]);
  });

  it('shows the error page after the second failure, writes it to the console and reports it by route pattern', async () => {
    const load = vi.fn<() => Promise<typeof screenModule>>().mockRejectedValue(chunkFailure());
    renderScreen(load, '/reset-password/s3cret-token');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('This page could not be displayed. Reloading usually helps.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('/reset-password/:token'), expect.any(TypeError));
    await waitFor(() => expect(sentBodies(fetchMock, '/api/client-errors')).toHaveLength(1));
    const [report] = sentBodies(fetchMock, '/api/client-errors');
    expect(report).toEqual({
      message: chunkFailure().message,
      stack: expect.stringContaining('TypeError'),
      route: '/reset-password/:token',
      app_version: expect.any(String),
      user_agent: navigator.userAgent,
    });
    expect(JSON.stringify(report)).not.toContain('s3cret-token');
  });
});
