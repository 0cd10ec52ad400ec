import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedApplications, chooseModule, type FetchMock, json, renderWithProviders, stubFetch } from '../../test-utils';
import { ChangeDomainPage } from './change-domain-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const applications = [{ id: 1, app_name: 'IBOPLAYER', app_logo: null, app_place_location: 'https://ibo.example.com', needs_device_key: true }];

describe('ChangeDomainPage', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch(async (url) => {
      if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications(applications);
      return json(200, { status: true, msg: 'Domain updated.', data: { updated: 4 } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const calls = () => fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/update-playlist');

  it('asks for both domains', async () => {
    renderWithProviders(<ChangeDomainPage />);
    await chooseModule('IBOPLAYER');
    fireEvent.change(screen.getByLabelText(/Old domain/), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText(/New domain/), { target: { value: 'http://new.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change domain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both old and new domain');
    expect(calls()).toHaveLength(0);
  });

  it('sends the trimmed domains and says how many playlists changed', async () => {
    renderWithProviders(<ChangeDomainPage />);
    await chooseModule('IBOPLAYER');
    fireEvent.change(screen.getByLabelText(/Old domain/), { target: { value: ' http://old.example.com ' } });
    fireEvent.change(screen.getByLabelText(/New domain/), { target: { value: 'https://new.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change domain' }));
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(JSON.parse(calls()[0]![1]!.body as string)).toEqual({
      current_playlist_url: 'http://old.example.com',
      new_domain: 'https://new.example.com',
      app_id: 1,
      app_platform: 'IBOPLAYER',
    });
    expect(await screen.findByText('Playlists updated: 4')).toBeInTheDocument();
  });
});
