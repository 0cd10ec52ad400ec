import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { type FetchMock, json, renderWithProviders, stubFetch } from '../../test-utils';
import { DownloadApkPage } from './download-apk-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

// The description's autosize textarea listens to font loading, which jsdom does not have.
Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

const plan = {
  id: 4,
  name: 'IBO Player Pro',
  description: 'For Android TV boxes.',
  image_url: '/uploads/apk/ibo.png',
  apk_url: 'https://downloads.example.com/ibo.apk',
  created_at: '2026-01-05T10:00:00.000Z',
};

function setup(permissions: string[]) {
  session.save('t0k3n', permissions, false);
  renderWithProviders(<DownloadApkPage />);
}

describe('DownloadApkPage', () => {
  let fetchMock: FetchMock;
  let plans: unknown[];
  beforeEach(() => {
    plans = [plan];
    fetchMock = stubFetch(async (url) => {
      if (url.pathname === '/api/apk-plans') return json(200, { status: true, msg: 'OK', data: plans });
      return json(200, { status: true, msg: 'APK plan saved.', data: plan });
    });
    toasts.success.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.pathname === path);

  it('shows each plan as a card whose link opens the APK in a new tab', async () => {
    setup([]);
    const link = await screen.findByRole('link', { name: 'Download IBO Player Pro' });
    expect(link).toHaveAttribute('href', 'https://downloads.example.com/ibo.apk');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('For Android TV boxes.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add APK' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit IBO Player Pro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete IBO Player Pro' })).not.toBeInTheDocument();
  });

  it('says when there is no APK yet', async () => {
    plans = [];
    setup([]);
    expect(await screen.findByText('No APK is available yet.')).toBeInTheDocument();
  });

  it('adds a plan as multipart after checking the required fields', async () => {
    setup(['add-apk']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add APK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add APK plan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The description is required.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Smarters' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'The classic player.' } });
    fireEvent.change(within(dialog).getByLabelText(/APK URL/), { target: { value: 'not a url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid URL')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/APK URL/), { target: { value: 'https://downloads.example.com/smarters.apk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/api/add-apk-plans')).toHaveLength(1));
    const body = calls('/api/add-apk-plans')[0]![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      name: 'Smarters',
      description: 'The classic player.',
      apk_url: 'https://downloads.example.com/smarters.apk',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts.success).toHaveBeenCalledWith('APK plan saved.');
  });

  it('edits a plan starting from its values', async () => {
    setup(['edit-apk-plan']);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit IBO Player Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit APK plan' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('IBO Player Pro');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'IBO Player Pro 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/api/update-apk-plans/4')).toHaveLength(1));
    expect((calls('/api/update-apk-plans/4')[0]![1]!.body as FormData).get('name')).toBe('IBO Player Pro 2');
  });

  it('deletes a plan after the confirmation', async () => {
    setup(['delete-apk-plan']);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete IBO Player Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete APK plan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('/api/delete-apk-plans/4')).toHaveLength(1));
    expect(calls('/api/delete-apk-plans/4')[0]![1]!.method).toBe('DELETE');
  });
});
