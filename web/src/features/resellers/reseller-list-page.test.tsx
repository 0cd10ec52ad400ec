import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { ResellerListPage } from './reseller-list-page';
import { resellerRow } from './test-fixtures';

const row = resellerRow();

function setup(permissions: string[]) {
  session.save('t0k3n', permissions, false);
  renderRoutes([{ path: '/reseller-list', element: <ResellerListPage /> }], '/reseller-list');
}

describe('ResellerListPage row actions', () => {
  beforeEach(() => {
    stubFetch(async () => json(200, { status: true, msg: 'OK', data: { data: [row] }, meta: { current_page: 1, last_page: 1, total: 1, per_page: 10 } }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it.each([['disable-boxes'], ['enable-boxes']])('links to box management with %s', async (permission) => {
    setup(['reseller-list', permission]);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for omar@example.test' }));
    expect(await screen.findByRole('menuitem', { name: 'Box management' })).toHaveAttribute('href', '/box-management/7');
  });

  it('offers no box management without either permission', async () => {
    setup(['reseller-list']);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for omar@example.test' }));
    expect(await screen.findByRole('menuitem', { name: 'Add credit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Box management' })).not.toBeInTheDocument();
  });
});

describe('ResellerListPage: Reset second factor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  function serve(rowWithFactor: boolean) {
    return stubFetch(async (url, init) => {
      if (url.pathname === '/api/resellers/7/two-factor/reset' && init?.method === 'POST') {
        return json(200, { status: true, msg: 'The second factor was reset. The account was signed out and told by mail.' });
      }
      return json(200, { status: true, msg: 'OK', data: { data: [{ ...row, two_factor: rowWithFactor }] }, meta: { current_page: 1, last_page: 1, total: 1, per_page: 10 } });
    });
  }

  it('asks first, then resets the factor of an account that has one', async () => {
    const fetchMock = serve(true);
    setup(['reseller-list', 'edit-reseller']);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for omar@example.test' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset second factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the second factor?' });
    expect(dialog).toHaveTextContent('omar@example.test will be signed out everywhere');
    expect(fetchMock.mock.calls.some(([url]) => url.pathname.endsWith('/two-factor/reset'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reset second factor' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/resellers/7/two-factor/reset')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset the second factor?' })).not.toBeInTheDocument());
  });

  it('is not offered for an account without a factor', async () => {
    serve(false);
    setup(['reseller-list', 'edit-reseller']);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for omar@example.test' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reset second factor' })).not.toBeInTheDocument();
  });
});
