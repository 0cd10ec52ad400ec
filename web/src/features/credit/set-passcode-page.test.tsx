import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../../app/query-client';
import { SetPasscodePage } from './set-passcode-page';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/set-passcode-modal', element: <SetPasscodePage /> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/set-passcode-modal'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

async function fill(passcode: string, confirmation: string) {
  const user = userEvent.setup();
  await screen.findByRole('dialog', { name: 'Set credit share passcode' });
  if (passcode) await user.type(screen.getByLabelText(/^Passcode/, { selector: 'input' }), passcode);
  if (confirmation) await user.type(screen.getByLabelText(/^Confirm passcode/, { selector: 'input' }), confirmation);
  await user.click(screen.getByRole('button', { name: 'Save passcode' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('SetPasscodePage', () => {
  it('accepts digits only and a matching confirmation', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await fill('12ab', '1234');
    expect(await screen.findByText('The passcode field must be a number.')).toBeInTheDocument();
    expect(screen.getByText('Passcodes do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a passcode when it is empty', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage();
    await fill('', '');
    expect(await screen.findByText('Please enter a passcode.')).toBeInTheDocument();
  });

  it('goes on to the dashboard when a passcode already exists', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: false, statusCode: 409, code: 'PASSCODE_EXISTS', msg: 'exists', message: 'exists' }), { status: 409 })),
    );
    const router = renderPage();
    await fill('1234', '1234');
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
