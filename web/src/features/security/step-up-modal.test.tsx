import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stepUpPasskeyOptionsEndpoint } from '@panel/contract';
import { api, setSessionExpiredHandler } from '../../api/client';
import { json, renderWithProviders, sentBodies, stubFetch } from '../../test-utils';
import { StepUpProvider } from './step-up-modal';

/** jsdom has no WebAuthn: the browser's prompt is stood in for, the rest of the module is real. */
const browser = vi.hoisted(() => ({ assert: vi.fn() }));
vi.mock('../../lib/passkey', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/passkey')>()),
  passkeysSupported: () => true,
  assertWithPasskey: browser.assert,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STEP_UP_REQUIRED = { status: false, statusCode: 403, code: 'STEP_UP_REQUIRED', msg: 'Confirm it is you first.', message: 'Confirm it is you first.' };

const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };

/**
 * A fake server whose share call needs a step-up until one good code (123456) or the passkey's
 * assertion was confirmed. `passkeys`: the account's passkeys list.
 */
function serve(passkeys: unknown[] = []) {
  let confirmed = false;
  return stubFetch(async (url, init) => {
    if (url.pathname === '/api/passkeys') return json(200, { status: true, msg: 'OK', data: passkeys });
    if (url.pathname === '/api/two-factor') return json(200, { status: true, msg: 'OK', data: { totp: true, recovery_codes_left: 10 } });
    if (url.pathname === '/api/step-up') {
      const { code, passkey } = JSON.parse(init!.body as string) as { code?: string; passkey?: unknown };
      if (code === '123456' || code === 'abcde-fghij' || JSON.stringify(passkey) === JSON.stringify(ASSERTION)) {
        confirmed = true;
        return json(200, { status: true, msg: 'Confirmed', data: { confirmed_until: '2026-11-26T11:00:00.000Z' } });
      }
      return json(401, { status: false, statusCode: 401, code: 'INVALID_TWO_FACTOR_CODE', msg: 'This code is not valid.', message: 'This code is not valid.' });
    }
    if (url.pathname === '/api/admin-recharge-credit') {
      return confirmed ? json(200, { status: true, msg: 'Credit shared.' }) : json(403, STEP_UP_REQUIRED);
    }
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', msg: 'No', message: 'No' });
  });
}

/** A screen with one guarded call: it shows the answer, or the error as screens do today. */
function ShareButton() {
  const [result, setResult] = useState<string>();
  const share = () =>
    api<{ msg: string }>('/admin-recharge-credit', { method: 'POST', body: { creditPoint: 'MQ==' } }).then(
      (answer) => setResult(answer.msg),
      (error: Error) => setResult(`failed: ${error.message}`),
    );
  return (
    <>
      <button type="button" onClick={() => void share()}>
        Share
      </button>
      {result && <p>{result}</p>}
    </>
  );
}

function renderScreen() {
  renderWithProviders(
    <>
      <StepUpProvider />
      <ShareButton />
    </>,
  );
  return userEvent.setup();
}

const shareCalls = (fetchMock: ReturnType<typeof serve>) => sentBodies(fetchMock, '/api/admin-recharge-credit');

describe('the step-up modal', () => {
  it('asks for a code when a call needs a step-up, confirms it and repeats the call once', async () => {
    const fetchMock = serve();
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    // Plain words: why, then how.
    expect(within(dialog).getByText("For your security, confirm it's you to finish this change. Enter a code from your authenticator app.")).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Credit shared.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/step-up')).toEqual([{ code: '123456' }]);
    expect(shareCalls(fetchMock)).toEqual([{ creditPoint: 'MQ==' }, { creditPoint: 'MQ==' }]);
  });

  it('confirms with a passkey when the account has one, and repeats the call', async () => {
    browser.assert.mockResolvedValue(ASSERTION);
    const fetchMock = serve([{ id: 1, name: 'Laptop', created_at: '2026-11-01T10:00:00.000Z', last_used_at: null }]);
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    const passkey = await within(dialog).findByRole('button', { name: 'Use a passkey' });
    expect(within(dialog).getByText(/Enter a code from your authenticator app, or use your passkey\./)).toBeInTheDocument();
    await user.click(passkey);
    expect(await screen.findByText('Credit shared.')).toBeInTheDocument();
    expect(browser.assert).toHaveBeenCalledWith(stepUpPasskeyOptionsEndpoint);
    expect(sentBodies(fetchMock, '/api/step-up')).toEqual([{ passkey: ASSERTION }]);
    expect(shareCalls(fetchMock)).toHaveLength(2);
  });

  it('shows a wrong code (a 401) under the field without signing out, keeps the call waiting; a recovery code then confirms', async () => {
    const fetchMock = serve();
    const signedOut = vi.fn();
    setSessionExpiredHandler(signedOut);
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('This code is not valid.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    const recovery = within(dialog).getByLabelText('Recovery code');
    expect(recovery).toHaveAttribute('autocomplete', 'off');
    await user.type(recovery, 'abcde-fghij');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Credit shared.')).toBeInTheDocument();
    expect(shareCalls(fetchMock)).toHaveLength(2);
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('lets the call fail with its own error when cancelled, and sends nothing more', async () => {
    const fetchMock = serve();
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('failed: Confirm it is you first.')).toBeInTheDocument();
    expect(shareCalls(fetchMock)).toHaveLength(1);
    expect(sentBodies(fetchMock, '/api/step-up')).toEqual([]);
  });

  it('asks once for calls that need it together, and repeats each', async () => {
    const fetchMock = serve();
    const user = renderScreen();
    const share = () => api<{ msg: string }>('/admin-recharge-credit', { method: 'POST', body: {} });
    const both = Promise.all([share(), share()]);
    const dialogs = await screen.findAllByRole('dialog');
    expect(dialogs).toHaveLength(1);
    await user.type(within(dialogs[0]!).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialogs[0]!).getByRole('button', { name: 'Confirm' }));
    expect((await both).map((a) => a.msg)).toEqual(['Credit shared.', 'Credit shared.']);
    expect(shareCalls(fetchMock)).toHaveLength(4);
    expect(sentBodies(fetchMock, '/api/step-up')).toHaveLength(1);
  });
});
