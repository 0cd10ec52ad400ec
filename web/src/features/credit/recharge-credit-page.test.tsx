import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64Utf8 } from '@panel/contract';
import { type FetchMock, json, renderWithProviders, stubFetch, testQueryClient } from '../../test-utils';
import { StepUpProvider } from '../security/step-up-modal';
import { RechargeCreditPage } from './recharge-credit-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

function setup() {
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderWithProviders(<RechargeCreditPage />, client);
  return { invalidate };
}

/** The fake server: the caller is admin@e2e.test holding 100 points; any other call answers an empty list. */
function answers(url: URL, admin = true) {
  if (url.pathname === '/api/profile') return json(200, { status: true, msg: 'ok', data: { admin, IBOReseller: { email: 'admin@e2e.test' } } });
  if (url.pathname === '/api/get-resellers/credit-points') return json(200, { status: true, msg: 'ok', credit_point: 100 });
  return json(200, { status: true, msg: 'ok', data: { data: [] }, meta: {} });
}

const emailBox = () => screen.getByLabelText(/Reseller email/, { selector: 'input' });
const amountBox = () => screen.getByRole('textbox', { name: /Credit points/ });

describe('RechargeCreditPage', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch(async (url: URL) => answers(url));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("offers an admin its own e-mail in the search and tells it what that does", async () => {
    setup();
    expect(await screen.findByText(/Enter your own email to add credit to your own balance/)).toBeInTheDocument();
    fireEvent.change(emailBox(), { target: { value: 'admin@' } });
    expect(await screen.findByRole('option', { name: 'admin@e2e.test' }, { timeout: 2000 })).toBeInTheDocument();
  });

  it("neither offers a reseller its own e-mail nor shows it the admin's hint", async () => {
    fetchMock = stubFetch(async (url: URL) => answers(url, false));
    setup();
    expect(await screen.findByText('The points move from your balance to the reseller.')).toBeInTheDocument();
    expect(screen.queryByText(/Enter your own email/)).not.toBeInTheDocument();
    fireEvent.change(emailBox(), { target: { value: 'admin@' } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u.pathname === '/api/total-resellers/list')).toBe(true), { timeout: 2000 });
    expect(screen.queryByRole('option', { name: 'admin@e2e.test' })).not.toBeInTheDocument();
  });

  it('asks for both the e-mail and the amount', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Recharge' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide both reseller email and credit points');
  });

  it.each(['-50', '0', '2.5'])('refuses %s with the field message and sends nothing', (amount) => {
    setup();
    fireEvent.change(emailBox(), { target: { value: 'r@example.com' } });
    fireEvent.change(amountBox(), { target: { value: amount } });
    expect(amountBox()).toHaveValue(amount);
    fireEvent.click(screen.getByRole('button', { name: 'Recharge' }));
    expect(screen.getByText('The credit point must be a whole number of at least 1.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => u.pathname === '/api/admin-recharge-credit')).toHaveLength(0);
  });

  it('shows the amount, the recipient and the balance after in the passcode dialog', async () => {
    setup();
    fireEvent.change(emailBox(), { target: { value: 'r@example.com' } });
    fireEvent.change(amountBox(), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recharge' }));
    const summary = within(await screen.findByRole('dialog', { name: 'Confirm with your passcode' })).getByRole('group', { name: 'What happens' });
    expect(within(summary).getByText('Recharge credit')).toBeInTheDocument();
    expect(within(summary).getByText('r@example.com')).toBeInTheDocument();
    expect(within(summary).getByText('40 credit points')).toBeInTheDocument();
    expect(await within(summary).findByText('60 credit points')).toBeInTheDocument();
  });

  it('asks for the passcode, shows the server message of a wrong one, then recharges', async () => {
    const { invalidate } = setup();
    fireEvent.change(emailBox(), { target: { value: 'admin@e2e.test' } });
    fireEvent.change(amountBox(), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recharge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your passcode' });
    // The admin's own e-mail: the points are added to its balance, not taken from it.
    expect(await within(dialog).findByText('140 credit points')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Please enter your credit share passcode')).toBeInTheDocument();

    fetchMock.mockImplementation(async (url: URL) =>
      url.pathname === '/api/admin-recharge-credit'
        ? json(403, { status: false, code: 'INVALID_PASSCODE', statusCode: 403, msg: 'Invalid passcode', errors: {} })
        : answers(url),
    );
    fireEvent.change(within(dialog).getByLabelText(/Credit share passcode/), { target: { value: '1111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Invalid passcode')).toBeInTheDocument();

    fetchMock.mockImplementation(async (url: URL) =>
      url.pathname === '/api/admin-recharge-credit' ? json(200, { status: true, msg: 'Credit points added to your own balance.' }) : answers(url),
    );
    fireEvent.change(within(dialog).getByLabelText(/Credit share passcode/), { target: { value: '482915' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['credit-points'] }));
    const recharge = fetchMock.mock.calls.filter(([u]) => u.pathname === '/api/admin-recharge-credit').at(-1)!;
    const body = JSON.parse(recharge[1]!.body as string) as Record<string, string>;
    expect(decodeBase64Utf8(body.resellerEmail!)).toBe('admin@e2e.test');
    expect(decodeBase64Utf8(body.creditPoint!)).toBe('40');
    expect(decodeBase64Utf8(body.creditSharePasscode!)).toBe('482915');
    await waitFor(() => expect(amountBox()).toHaveValue(''));
    expect(toasts.success).toHaveBeenCalledWith('Credit points added to your own balance.');
  });

  it('says so when the server does not answer', async () => {
    setup();
    fireEvent.change(emailBox(), { target: { value: 'r@example.com' } });
    fireEvent.change(amountBox(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recharge' }));
    const dialog = await screen.findByRole('dialog');
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.change(within(dialog).getByLabelText(/Credit share passcode/), { target: { value: '482915' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Server did not respond'));
  });

  it('turns the passcode dialog into the confirm-it-is-you step when the recharge needs it, then completes it; a cancel keeps the passcode', async () => {
    let confirmed = false;
    fetchMock.mockImplementation(async (url: URL, init?: RequestInit) => {
      if (url.pathname === '/api/passkeys') return json(200, { status: true, msg: 'OK', data: [] });
      if (url.pathname === '/api/two-factor') return json(200, { status: true, msg: 'OK', data: { totp: true, recovery_codes_left: 10 } });
      if (url.pathname === '/api/step-up') {
        confirmed = (JSON.parse(init!.body as string) as { code: string }).code === '123456';
        return json(200, { status: true, msg: 'Confirmed', data: { confirmed_until: '2026-11-26T11:00:00.000Z' } });
      }
      if (url.pathname === '/api/admin-recharge-credit') {
        return confirmed
          ? json(200, { status: true, msg: 'Credit shared.' })
          : json(403, { status: false, statusCode: 403, code: 'STEP_UP_REQUIRED', msg: 'Confirm it is you first.', message: 'Confirm it is you first.' });
      }
      return answers(url);
    });
    renderWithProviders(
      <>
        <StepUpProvider />
        <RechargeCreditPage />
      </>,
    );
    fireEvent.change(emailBox(), { target: { value: 'r@example.com' } });
    fireEvent.change(amountBox(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recharge' }));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm with your passcode' });
    fireEvent.change(within(prompt).getByLabelText(/Credit share passcode/), { target: { value: '482915' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));

    let stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(within(stepUp).getByText(/to send these credits\./)).toBeInTheDocument();
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Cancel' }));
    const back = await screen.findByRole('dialog', { name: 'Confirm with your passcode' });
    expect(await within(back).findByRole('alert')).toHaveTextContent('Nothing was sent');
    expect(within(back).getByLabelText(/Credit share passcode/)).toHaveValue('482915');

    fireEvent.click(within(back).getByRole('button', { name: 'Confirm' }));
    stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.change(within(stepUp).getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Credit shared.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.filter(([u]) => u.pathname === '/api/admin-recharge-credit')).toHaveLength(3);
  });
});
