import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@panel/contract';
import { i18n } from '../../i18n';
import { session } from '../../lib/session';
import { renderRoutes } from '../../test-utils';
import { NAV_GROUPS } from '../navigation';
import { Sidebar } from './sidebar';

afterEach(() => session.clear());

describe('Sidebar', () => {
  it('gives every group its own icon', async () => {
    session.save('token', [...ALL_PERMISSIONS], false);
    renderRoutes([{ path: '/dashboard', element: <Sidebar onNavigate={() => undefined} /> }], '/dashboard');
    const icons = [];
    for (const group of NAV_GROUPS) {
      const button = await screen.findByRole('button', { name: i18n.t(group.labelKey) });
      icons.push([...button.querySelector('svg.tabler-icon')!.classList].find((c) => c.startsWith('tabler-icon-')));
    }
    expect(new Set(icons).size).toBe(NAV_GROUPS.length);
  });

  it('marks only the most specific entry of a group as the current page (Products, not Storefront as well)', async () => {
    session.save('token', ['storefront'], false);
    renderRoutes([{ path: '/storefront/products', element: <Sidebar onNavigate={() => undefined} /> }], '/storefront/products');
    const products = await screen.findByRole('link', { name: 'Products' });
    expect(products).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Storefront' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/storefront/orders');
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customers');
  });
});
