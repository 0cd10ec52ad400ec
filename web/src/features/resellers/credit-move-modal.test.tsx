import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchMock, json, renderWithProviders, stubFetch } from '../../test-utils';
import { StepUpProvider } from '../security/step-up-modal';
import { CreditMoveModal, type CreditMoveKind } from './credit-move-modal';
import { resellerRow } from './test-fixtures';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const reseller = resellerRow({ id: 42, email: 'child@example.com', credit_point: 7 });

function setup(kind: CreditMoveKind) {
  const onClose = vi.fn();
  renderWithProviders(<CreditMoveModal reseller={reseller} kind={kind} onClose={onClose} />);
  return { onClose };
}

const calls = (fetchMock: FetchMock, path: string) => fetchMock.mock.calls.filter(([url]) => url.pathname === path);

describe('CreditMoveModal', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    toasts.success.mockReset();
    fetchMock = stubFetch(async (url: URL, init?: RequestInit) => {
      if (url.pathname === '/api/validate-credit-share-password') {
        const { passcode } = (JSON.parse(init!.body as string) as { requestData: { passcode: string } }).requestData;
        return passcode === '482915'
          ? json(200, { status: true, msg: 'Passcode is valid.' })
          : json(403, { status: false, code: 'INVALID_PASSCODE', statusCode: 403, msg: 'Invalid passcode', errors: {} });
      }
      if (url.pathname === '/api/get-resellers/credit-points') return json(200, { status: true, msg: 'OK', credit_point: 20 });
      return json(200, { status: true, msg: 'Credit points added successfully.', data: {} });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the passcode first, validates it, then sends the amount with a fresh request-id', async () => {
    const { onClose } = setup('add');
    const dialog = await screen.findByRole('dialog', { name: 'Add credit points' });
    // No amount box until the passcode has been accepted.
    expect(within(dialog).queryByRole('textbox', { name: /Credit points/ })).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Please enter your credit share passcode')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/Credit share passcode/), { target: { value: '1111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Invalid passcode')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Credit points/ })).not.toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/Credit share passcode/), { target: { value: '482915' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const amount = await within(dialog).findByRole('textbox', { name: /Credit points/ });
    expect(within(dialog).getByText('child@example.com holds 7 credit points.')).toBeInTheDocument();

    // At least 1, whole: a negative or fractional amount is kept as typed and refused, never turned positive.
    for (const typed of ['0', '-50', '2.5']) {
      fireEvent.change(amount, { target: { value: typed } });
      expect(amount).toHaveValue(typed);
      expect(within(dialog).queryByRole('group', { name: 'What happens' })).not.toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add credit' }));
      expect(await within(dialog).findByText('The credit point must be a whole number of at least 1.')).toBeInTheDocument();
    }
    expect(calls(fetchMock, '/api/resellers/42/add-credit-point')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '5' } });
    const summary = within(dialog).getByRole('group', { name: 'What happens' });
    expect(within(summary).getByText('child@example.com')).toBeInTheDocument();
    expect(within(summary).getByText('5 credit points')).toBeInTheDocument();
    expect(await within(summary).findByText('15 credit points')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add credit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [move] = calls(fetchMock, '/api/resellers/42/add-credit-point');
    expect(JSON.parse(move![1]!.body as string)).toEqual({ resellerId: 42, creditPoint: 5 });
    expect((move![1]!.headers as Record<string, string>)['request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(toasts.success).toHaveBeenCalledWith('Credit points added successfully.');
  });

  it('refuses to deduct more than the reseller holds, and asks for the passcode again when its check has lapsed', async () => {
    setup('deduct');
    const dialog = await screen.findByRole('dialog', { name: 'Deduct credit points' });
    fireEvent.change(within(dialog).getByLabelText(/Credit share passcode/), { target: { value: '482915' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const amount = await within(dialog).findByRole('textbox', { name: /Credit points/ });

    fireEvent.change(amount, { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deduct credit' }));
    expect(await within(dialog).findByText('You can deduct at most 7 credit points.')).toBeInTheDocument();
    expect(calls(fetchMock, '/api/resellers/42/deduct-credit-point')).toHaveLength(0);

    fetchMock.mockImplementationOnce(async () =>
      json(403, {
        status: false,
        code: 'PASSCODE_REQUIRED',
        statusCode: 403,
        msg: 'Please confirm your credit share passcode again.',
        errors: {},
      }),
    );
    fireEvent.change(amount, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deduct credit' }));
    expect(await within(dialog).findByText('Please confirm your credit share passcode again.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Credit share passcode/)).toBeInTheDocument();
  });

  it('shows the network text and retries with the same request-id when no answer came', async () => {
    setup('add');
    const dialog = await screen.findByRole('dialog', { name: 'Add credit points' });
    fireEvent.change(within(dialog).getByLabelText(/Credit share passcode/), { target: { value: '482915' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const amount = await within(dialog).findByRole('textbox', { name: /Credit points/ });
    fireEvent.change(amount, { target: { value: '3' } });

    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add credit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Network error. Please try again later.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add credit' }));
    await waitFor(() => expect(calls(fetchMock, '/api/resellers/42/add-credit-point')).toHaveLength(2));
    const [first, second] = calls(fetchMock, '/api/resellers/42/add-credit-point').map(([, init]) => (init!.headers as Record<string, string>)['request-id']);
    expect(second).toBe(first);
  });

  describe('when the move needs a step-up', () => {
    /** The server of an account with TOTP on: the move answers 403 STEP_UP_REQUIRED until 123456 was confirmed. */
    function serveStepUp() {
      let confirmed = false;
      return stubFetch(async (url, init) => {
        if (url.pathname === '/api/validate-credit-share-password') return json(200, { status: true, msg: 'Passcode is valid.' });
        if (url.pathname === '/api/passkeys') return json(200, { status: true, msg: 'OK', data: [] });
        if (url.pathname === '/api/two-factor') return json(200, { status: true, msg: 'OK', data: { totp: true, recovery_codes_left: 10 } });
        if (url.pathname === '/api/get-resellers/credit-points') return json(200, { status: true, msg: 'OK', credit_point: 20 });
        if (url.pathname === '/api/step-up') {
          confirmed = (JSON.parse(init!.body as string) as { code: string }).code === '123456';
          return confirmed
            ? json(200, { status: true, msg: 'Confirmed', data: { confirmed_until: '2026-11-26T11:00:00.000Z' } })
            : json(401, { status: false, statusCode: 401, code: 'INVALID_TWO_FACTOR_CODE', msg: 'This code is not valid.', message: 'This code is not valid.' });
        }
        if (url.pathname === '/api/resellers/42/add-credit-point') {
          return confirmed
            ? json(200, { status: true, msg: 'Credit points added successfully.', data: {} })
            : json(403, { status: false, statusCode: 403, code: 'STEP_UP_REQUIRED', msg: 'Confirm it is you first.', message: 'Confirm it is you first.' });
        }
        return json(404, { status: false, code: 'ROUTE_NOT_FOUND', msg: 'No', message: 'No' });
      });
    }

    async function reachStepUp() {
      const onClose = vi.fn();
      renderWithProviders(
        <>
          <StepUpProvider />
          <CreditMoveModal reseller={reseller} kind="add" onClose={onClose} />
        </>,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Add credit points' });
      fireEvent.change(within(dialog).getByLabelText(/Credit share passcode/), { target: { value: '482915' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
      fireEvent.change(await within(dialog).findByRole('textbox', { name: /Credit points/ }), { target: { value: '5' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add credit' }));
      // The same dialog turns into the step: one dialog, its title and plain words, the move's summary kept.
      const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      expect(within(stepUp).getByText(/For your security, confirm it's you to send these credits\. Enter a code from your authenticator app\./)).toBeInTheDocument();
      expect(within(stepUp).getByRole('group', { name: 'What happens' })).toBeInTheDocument();
      return { onClose, stepUp };
    }

    it('turns into the confirm-it-is-you step, with no second dialog, then completes the move', async () => {
      const fetchMock = serveStepUp();
      const { onClose, stepUp } = await reachStepUp();
      fireEvent.change(within(stepUp).getByLabelText('Authentication code'), { target: { value: '000000' } });
      fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
      expect(await within(stepUp).findByText('This code is not valid.')).toBeInTheDocument();
      fireEvent.change(within(stepUp).getByLabelText('Authentication code'), { target: { value: '123456' } });
      fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(toasts.success).toHaveBeenCalledWith('Credit points added successfully.');
      // Sent twice with the same request-id: held back, then repeated once confirmed.
      const moves = calls(fetchMock, '/api/resellers/42/add-credit-point').map(([, init]) => (init!.headers as Record<string, string>)['request-id']);
      expect(moves).toHaveLength(2);
      expect(moves[1]).toBe(moves[0]);
    });

    it('goes back to the amount when the step is cancelled, saying nothing was sent; closing during it closes the dialog', async () => {
      const fetchMock = serveStepUp();
      const { onClose, stepUp } = await reachStepUp();
      fireEvent.click(within(stepUp).getByRole('button', { name: 'Cancel' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add credit points' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent("Nothing was sent: it was not confirmed that it's you.");
      expect(within(dialog).getByRole('textbox', { name: /Credit points/ })).toHaveValue('5');
      expect(onClose).not.toHaveBeenCalled();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Add credit' }));
      const again = await screen.findByRole('dialog', { name: "Confirm it's you" });
      fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(calls(fetchMock, '/api/step-up')).toHaveLength(0);
    });
  });
});
