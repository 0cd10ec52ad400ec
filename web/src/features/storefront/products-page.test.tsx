import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontProduct } from '@panel/contract';
import { allowedApplications, json, onPhone, renderWithProviders, stubFetch, type FetchMock } from '../../test-utils';
import { ProductsPage } from './products-page';
import { productSchema } from './product-form-modal';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const ok = (data: unknown, msg = 'OK', status = 200) => json(status, { status: true, msg, data });
const apps = [
  { id: 1, app_name: 'IBO Player', app_logo: null, app_place_location: null, needs_device_key: true },
  { id: 2, app_name: 'BOB Player', app_logo: null, app_place_location: null, needs_device_key: true },
];
const product = (extra: Partial<StorefrontProduct> = {}): StorefrontProduct => ({
  id: 11,
  name: 'IBO one year',
  app_ids: [1],
  apps: [{ id: 1, name: 'IBO Player' }],
  package: 'one_year',
  price: 990,
  currency: 'EUR',
  active: true,
  credit_cost: 1,
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
  ...extra,
});
const storeAnswer = () => ok({ id: 7, slug: 'fast-tv', currency: 'EUR' });

const writes = (fetchMock: FetchMock, method: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname.startsWith('/api/storefront/products') && init?.method === method);

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/storefront/products', element: <ProductsPage /> },
      { path: '/storefront', element: <p>Settings screen</p> },
    ],
    { initialEntries: ['/storefront/products'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('ProductsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the products with their price in the store currency and their credit cost per sale', async () => {
    stubFetch(async (url) => {
      if (url.pathname === '/api/storefront/products') return ok([product(), product({ id: 12, name: 'Both lifetime', app_ids: [1, 2], apps: [{ id: 1, name: 'IBO Player' }, { id: 2, name: 'BOB Player' }], package: 'lifetime', price: 4990, credit_cost: 4, active: false })]);
      return storeAnswer();
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Products' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('IBO one year');
    expect(rows[1]).toHaveTextContent('€9.90');
    expect(rows[1]).toHaveTextContent('One year');
    expect(rows[1]).toHaveTextContent('On sale');
    expect(rows[2]).toHaveTextContent('€49.90');
    expect(rows[2]).toHaveTextContent('Lifetime');
    expect(rows[2]).toHaveTextContent('BOB Player');
    expect(rows[2]).toHaveTextContent('4');
    expect(rows[2]).toHaveTextContent('Hidden');
  });

  it('shows each product as a card on a phone, so the screen never scrolls sideways', async () => {
    onPhone();
    stubFetch(async (url) => (url.pathname === '/api/storefront/products' ? ok([product()]) : storeAnswer()));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(table.closest('.card-table')).toHaveAttribute('data-cards', 'true');
    expect(table).toHaveTextContent('€9.90');
  });

  it('sends to the settings when the store is not set up yet', async () => {
    stubFetch(async (url) =>
      url.pathname === '/api/storefront/products'
        ? json(404, { status: false, statusCode: 404, code: 'STOREFRONT_NOT_SET_UP', msg: 'Set up your storefront first.', message: 'Set up your storefront first.', errors: {} })
        : ok(null),
    );
    const router = renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'Set up the store' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/storefront'));
  });

  it('adds a product: its price typed in euros is sent in cents, with the apps the caller may activate and its cost shown before saving', async () => {
    let list: StorefrontProduct[] = [];
    const fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications(apps);
      if (url.pathname === '/api/storefront/products' && init?.method === 'POST') {
        list = [product({ name: 'Both one year', app_ids: [1, 2], price: 1490, credit_cost: 2 })];
        return ok(list[0], 'Product created.', 201);
      }
      if (url.pathname === '/api/storefront/products') return ok(list);
      return storeAnswer();
    });
    renderPage();
    expect(await screen.findByText('No products yet. Add one to start selling.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add product' });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Product name/ }), { target: { value: 'Both one year' } });
    const appsInput = within(dialog).getAllByLabelText(/^Apps/).find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden')!;
    await waitFor(() => expect(appsInput).toBeEnabled());
    fireEvent.click(appsInput);
    fireEvent.click(await screen.findByRole('option', { name: 'IBO Player' }));
    fireEvent.click(await screen.findByRole('option', { name: 'BOB Player' }));
    expect(within(dialog).getByText('Credit cost of each sale: 2')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Price/ }), { target: { value: '14.9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(fetchMock, 'POST')).toHaveLength(1));
    expect(JSON.parse(writes(fetchMock, 'POST')[0]![1]!.body as string)).toEqual({ name: 'Both one year', app_ids: [1, 2], package: 'one_year', price: 1490, active: true });
    expect(await screen.findByRole('table', { name: 'Products' })).toHaveTextContent('€14.90');
  });

  it("puts the server's refusal of the apps under the field, and deletes a product after a confirmation", async () => {
    const fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications(apps);
      if (url.pathname === '/api/storefront/products/11' && init?.method === 'PUT') {
        return json(422, { status: false, statusCode: 422, code: 'VALIDATION', msg: 'Invalid', message: 'Invalid', errors: { app_ids: ['You can only give applications you are allowed yourself.'] } });
      }
      if (url.pathname === '/api/storefront/products/11' && init?.method === 'DELETE') return ok(undefined, 'Product deleted.');
      if (url.pathname === '/api/storefront/products') return ok([product()]);
      return storeAnswer();
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit IBO one year' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    expect(within(dialog).getByRole('textbox', { name: /Price/ })).toHaveValue('9.9');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You can only give applications you are allowed yourself.')).toBeInTheDocument();
    expect(JSON.parse(writes(fetchMock, 'PUT')[0]![1]!.body as string)).toMatchObject({ price: 990, app_ids: [1] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete IBO one year' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this product?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(fetchMock, 'DELETE')).toHaveLength(1));
  });
});

describe('the product form schema', () => {
  it('sends major units as whole minor units and refuses more decimals than the currency has', () => {
    const values = { name: 'x', app_ids: ['1'], package: 'one_year' as const, price: 9.99, active: true };
    expect(productSchema('EUR').parse(values)).toMatchObject({ price: 999, app_ids: [1] });
    expect(productSchema('JPY').parse({ ...values, price: 500 })).toMatchObject({ price: 500 });
    expect(productSchema('JPY').safeParse(values).success).toBe(false);
    expect(productSchema('EUR').safeParse({ ...values, price: '' }).success).toBe(false);
    expect(productSchema('EUR').safeParse({ ...values, price: 0 }).success).toBe(false);
  });
});
