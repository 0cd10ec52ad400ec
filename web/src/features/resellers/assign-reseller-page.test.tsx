import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchMock, json, stubFetch } from '../../test-utils';
import { AssignResellerPage } from './assign-reseller-page';
import { renderScreen } from './test-utils';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const ok = (data: unknown, extra: Record<string, unknown> = {}) => json(200, { status: true, msg: 'OK', data, ...extra });

describe('AssignResellerPage', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch(async (url) => {
      if (url.pathname === '/api/get-subresellers-by-id/7') {
        return ok({ IBOReseller: { id: 7, name: 'Omar', email: 'omar@example.test', parent_reseller_id: null, parent_reseller: null } });
      }
      if (url.pathname === '/api/resellers-switch-assign-list') {
        return ok({
          IBOReseller: [
            { id: 7, name: 'Omar', email: 'omar@example.test' },
            { id: 9, name: 'Parent One', email: 'parent-one@example.test' },
          ],
        });
      }
      if (url.pathname === '/api/assign-resellers') return json(200, { status: true, msg: 'Reseller assigned successfully.', httpCode: '200' });
      return json(404, { status: false, statusCode: 404, msg: 'not found' });
    });
    toasts.error.mockClear();
    toasts.success.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const assignCalls = () => fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/assign-resellers');

  it("shows the reseller's name and e-mail", async () => {
    renderScreen('/assign-to-reseller/:resellerId', <AssignResellerPage />, '/assign-to-reseller/7');
    expect(await screen.findByText('Omar')).toBeInTheDocument();
    expect(screen.getByText('omar@example.test')).toBeInTheDocument();
  });

  it('asks for a reseller from the search bar before sending anything', async () => {
    renderScreen('/assign-to-reseller/:resellerId', <AssignResellerPage />, '/assign-to-reseller/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Please select a reseller from the search bar')).toBeInTheDocument();
    expect(assignCalls()).toHaveLength(0);
  });

  it('assigns the chosen reseller, never offering the account itself', async () => {
    renderScreen('/assign-to-reseller/:resellerId', <AssignResellerPage />, '/assign-to-reseller/7');
    const picker = await screen.findByRole('combobox', { name: /Parent reseller email/ });
    // Mantine treats a change to an input without focus as autofill: focus it as typing would.
    picker.focus();
    fireEvent.change(picker, { target: { value: 'par' } });
    const option = await screen.findByRole('option', { name: 'parent-one@example.test' });
    expect(screen.queryByRole('option', { name: 'omar@example.test' })).not.toBeInTheDocument();
    const search = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/resellers-switch-assign-list')![0];
    expect(search.searchParams.get('query')).toBe('par');
    fireEvent.click(option);

    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(assignCalls()).toHaveLength(1));
    expect(JSON.parse(assignCalls()[0]![1]!.body as string)).toEqual({ requestData: { subResellerId: 7, resellerId: 9 } });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reseller assigned successfully.'));
  });

  it('says when the account cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => json(403, { status: false, statusCode: 'C10013', code: 'C10013', msg: 'Unauthorized. You are not the parent reseller.' }));
    renderScreen('/assign-to-reseller/:resellerId', <AssignResellerPage />, '/assign-to-reseller/7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch sub reseller details');
  });
});
