import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch, type FetchMock } from '../../test-utils';
import { LowCreditForm } from './low-credit-form';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

/** The bodies of the PATCH calls (the GETs carry none). */
const patches = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/profile/low-credit' && init?.method === 'PATCH').map(([, init]) => JSON.parse(init!.body as string) as unknown);

const answer = (threshold: number | null, msg = 'OK') => json(200, { status: true, msg, data: { threshold } });

describe('LowCreditForm', () => {
  beforeEach(() => toasts.success.mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved line, refuses a negative or fractional one with the contract message, then saves a new one', async () => {
    let saved: number | null = 20;
    const fetchMock = stubFetch(async (url, init) => {
      if (init?.method === 'PATCH') {
        saved = (JSON.parse(init.body as string) as { threshold: number | null }).threshold;
        return answer(saved, saved === null ? 'Low-balance threshold removed.' : 'Low-balance threshold saved.');
      }
      return answer(saved);
    });
    renderWithProviders(<LowCreditForm />);
    expect(screen.getByRole('heading', { name: 'Low-balance alert' })).toBeInTheDocument();
    const input = await screen.findByRole('textbox', { name: /Alert under/ });
    expect(input).toHaveValue('20');
    expect(screen.getByText('A whole number from 0 to 1,000,000,000.')).toBeInTheDocument();

    for (const typed of ['-5', '2.5']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('The low-balance threshold must be a whole number of 0 or more, or empty for none.')).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(patches(fetchMock)).toEqual([]);

    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ threshold: 50 }]));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Low-balance threshold saved.'));
    expect(await screen.findByRole('textbox', { name: /Alert under/ })).toHaveValue('50');
  });

  it('saves an empty field as no line', async () => {
    const fetchMock = stubFetch(async (_url, init) => (init?.method === 'PATCH' ? answer(null, 'Low-balance threshold removed.') : answer(7)));
    renderWithProviders(<LowCreditForm />);
    const input = await screen.findByRole('textbox', { name: /Alert under/ });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ threshold: null }]));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Low-balance threshold removed.'));
    expect(await screen.findByPlaceholderText('No alert')).toHaveValue('');
  });

  it("puts the server's field message under the input, and says so when the line cannot be read", async () => {
    stubFetch(async (_url, init) =>
      init?.method === 'PATCH'
        ? json(422, { status: false, statusCode: 422, code: 'VALIDATION', msg: 'Invalid', message: 'Invalid', errors: { threshold: ['The low-balance threshold may not be greater than 1000000000.'] } })
        : answer(null),
    );
    renderWithProviders(<LowCreditForm />);
    const input = await screen.findByRole('textbox', { name: /Alert under/ });
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The low-balance threshold may not be greater than 1000000000.')).toBeInTheDocument();
    vi.unstubAllGlobals();

    stubFetch(async () => json(500, { status: false, statusCode: 500, code: 'INTERNAL', msg: 'Something went wrong', message: 'Something went wrong', errors: {} }));
    renderWithProviders(<LowCreditForm />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The low-balance alert could not be loaded.');
  });
});
