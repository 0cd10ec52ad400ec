import { fireEvent, screen } from '@testing-library/react';
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
