import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { type FetchMock, json, renderRoutes, stubFetch } from '../../test-utils';
import { BoxManagementPage } from './box-management-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

function setup(permissions: string[]) {
  session.save('t0k3n', permissions, false);
  renderRoutes([{ path: '/box-management/:resellerId', element: <BoxManagementPage /> }], '/box-management/7');
}

const enableOption = () => screen.getByRole('radio', { name: 'Enable Boxes' });
const disableOption = () => screen.getByRole('radio', { name: 'Disable Boxes' });
const countBox = () => screen.getByRole('textbox', { name: /Number of boxes/ });

describe('BoxManagementPage', () => {
  let fetchMock: FetchMock;
  let boxesAnswer: () => Response;
  beforeEach(() => {
    boxesAnswer = () => json(200, { status: true, msg: 'Boxes disabled successfully.', data: { requested: 5, changed: 3 } });
    fetchMock = stubFetch(async (url) => {
      if (url.pathname === '/api/box-management/7') {
        return json(200, { status: true, msg: 'OK', data: { id: 7, name: 'Omar', email: 'omar@example.test', active_boxes: 12, disabled_boxes: 4 } });
      }
      return boxesAnswer();
    });
    toasts.success.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.pathname === path);
  const bodyOf = (path: string) => JSON.parse(calls(path)[0]![1]!.body as string) as unknown;

  it("shows the reseller's name, e-mail and how many boxes each side can change", async () => {
    setup(['enable-boxes']);
    expect(await screen.findByText('Omar')).toBeInTheDocument();
    expect(screen.getByText('omar@example.test')).toBeInTheDocument();
    expect(screen.getByText('Active boxes: 12')).toBeInTheDocument();
    expect(screen.getByText('Disabled by box management: 4')).toBeInTheDocument();
  });

  it('disables the side of the toggle the caller has no permission for', () => {
    setup(['enable-boxes']);
    expect(enableOption()).toBeEnabled();
    expect(enableOption()).toBeChecked();
    expect(disableOption()).toBeDisabled();
  });

  it('starts on Disable Boxes for a caller allowed only that', () => {
    setup(['disable-boxes']);
    expect(enableOption()).toBeDisabled();
    expect(disableOption()).toBeEnabled();
    expect(disableOption()).toBeChecked();
  });

  it('asks for a number of at least 1', async () => {
    setup(['enable-boxes', 'disable-boxes']);
    fireEvent.click(screen.getByRole('button', { name: 'Enable Boxes' }));
    expect(await screen.findByText('Please enter a valid number of boxes')).toBeInTheDocument();
    fireEvent.change(countBox(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enable Boxes' }));
    expect(await screen.findByText('Please enter a valid number of boxes')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url.pathname.includes('random-boxes'))).toHaveLength(0);
  });

  it('disables boxes with resellerId and says how many changed', async () => {
    setup(['enable-boxes', 'disable-boxes']);
    fireEvent.click(disableOption());
    fireEvent.change(countBox(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disable Boxes' }));
    await waitFor(() => expect(calls('/api/disable-random-boxes')).toHaveLength(1));
    expect(bodyOf('/api/disable-random-boxes')).toEqual({ resellerId: 7, numberOfBoxes: 5 });
    expect(await screen.findByText('3 of 5 boxes disabled')).toBeInTheDocument();
    expect(toasts.success).toHaveBeenCalledWith('Boxes disabled successfully.');
    // The counts are read again after the change.
    await waitFor(() => expect(calls('/api/box-management/7')).toHaveLength(2));
  });

  it('enables boxes with reseller_id', async () => {
    boxesAnswer = () => json(200, { status: true, msg: 'Boxes enabled successfully.', data: { requested: 2, changed: 2 } });
    setup(['enable-boxes']);
    fireEvent.change(countBox(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enable Boxes' }));
    await waitFor(() => expect(calls('/api/enable-random-boxes')).toHaveLength(1));
    expect(bodyOf('/api/enable-random-boxes')).toEqual({ reseller_id: 7, numberOfBoxes: 2 });
    expect(await screen.findByText('2 of 2 boxes enabled')).toBeInTheDocument();
  });

  it("shows the reseller field's message, else the fallback of a server failure", async () => {
    boxesAnswer = () =>
      json(422, { status: false, statusCode: 422, code: 'VALIDATION', msg: 'The given data was invalid.', errors: { resellerId: ['The reseller is invalid.'] } });
    setup(['disable-boxes']);
    fireEvent.change(countBox(), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disable Boxes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The reseller is invalid.');

    boxesAnswer = () => json(500, { status: false, statusCode: 500, code: 'INTERNAL', msg: 'Something went wrong on our side.' });
    fireEvent.click(screen.getByRole('button', { name: 'Disable Boxes' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to disable boxes.'));
  });
});
