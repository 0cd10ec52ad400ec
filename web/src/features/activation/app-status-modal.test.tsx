import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPhone, renderWithProviders } from '../../test-utils';
import { AppStatusModal, type ActivationRequest } from './activation-modals';

const apps = [
  { id: 1, name: 'IBOPLAYER' },
  { id: 2, name: 'BOBPLAYER' },
];
const request: ActivationRequest = { apps, pkg: '1-Year', macAddress: '00:1A:79:00:00:01', comment: '' };
const longMessage = 'The device answered from http://panel.example.com/api/v2/devices/00:1A:79:00:00:01/status?app=BOBPLAYER with an error';

function renderStatus() {
  renderWithProviders(
    <AppStatusModal
      request={request}
      checks={{ '1': { status: 'trial', message: 'Device is in trial', expire_date: '2026-12-03' }, '2': { status: 'error', message: longMessage, expire_date: null } }}
      activatable={[apps[0]!]}
      failure={undefined}
      loading={false}
      onContinue={vi.fn()}
      onClose={vi.fn()}
    />,
  );
  return screen.getByRole('table', { name: 'Device status per app' });
}

describe('the device-status dialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a row per app on a wide screen, in the columns order', () => {
    const table = renderStatus();
    expect(table.closest('[data-cards]')).toBeNull();
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['App', 'Status', 'Message', 'Activation']);
  });

  it('shows each app as a card on a phone: its status and whether it can be activated first, then the app and its message in full', () => {
    onPhone();
    const table = renderStatus();
    expect(table.closest('[data-cards]')).not.toBeNull();
    const [, trial, failed] = within(table).getAllByRole('row');
    expect(within(trial!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'StatusTrial',
      'ActivationCan be activated',
      'AppIBOPLAYER',
      expect.stringMatching(/^MessageDevice is in trialExpires /),
    ]);
    expect(within(failed!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'StatusError',
      'ActivationCannot be activated',
      'AppBOBPLAYER',
      `Message${longMessage}`,
    ]);
    // The labels are for the eye; a screen reader names each value by its header cell.
    expect(within(failed!).getByText('Message')).toHaveAttribute('aria-hidden', 'true');
  });
});
