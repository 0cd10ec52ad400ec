import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentPlan } from '@panel/contract';
import { session } from '../../lib/session';
import { type FetchMock, json, renderWithProviders, sentBodies, stubFetch } from '../../test-utils';
import { PaymentPlansPage } from './payment-plans-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, toastWarning: vi.fn(), showToast: vi.fn() }));
const leave = vi.hoisted(() => vi.fn());
vi.mock('./leave-for-payment', () => ({ leaveForPayment: leave }));

// The description's autosize textarea listens to font loading, which jsdom does not have.
Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

const plan: PaymentPlan = {
  id: 7,
  title: 'Gold',
  price: '1234.50',
  currency: 'EUR',
  description: 'For busy shops.',
  credit_points: 1000,
  created_at: '2026-01-05T10:00:00.000Z',
};
const MANAGER = ['add-plan', 'edit-delete-plan'];
const notFound = () => json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} });

describe('PaymentPlansPage', () => {
  let fetchMock: FetchMock;
  let plans: PaymentPlan[];
  let purchase: () => Response;
  beforeEach(() => {
    plans = [plan];
    purchase = () =>
      json(200, { status: true, msg: 'Order created.', data: { orderUrl: 'https://checkout.stripe.test/c/pay/cs_1', orderId: '4f1c2d3e-0000-4000-8000-000000000001' } });
    fetchMock = stubFetch(async (url) => {
      if (url.pathname === '/api/payment-plans') return json(200, { status: true, msg: 'Payment plans loaded.', data: plans });
      if (url.pathname === '/api/purchase-package') return purchase();
      if (url.pathname.startsWith('/api/delete-payment-plans/')) return json(200, { status: true, msg: 'Payment plan deleted.' });
      if (url.pathname === '/api/add-payment-plans' || url.pathname.startsWith('/api/update-payment-plans/')) {
        return json(200, { status: true, msg: 'Payment plan saved.', data: plan });
      }
      return notFound();
    });
    toasts.error.mockClear();
    toasts.success.mockClear();
    leave.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  const setup = (permissions: string[]) => {
    session.save('t0k3n', permissions, false);
    renderWithProviders(<PaymentPlansPage />);
  };
  const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.pathname === path);

  it('shows each plan as a card with its title, credit points, description and price in euros', async () => {
    setup(['purchase-package']);
    const list = await screen.findByRole('list', { name: 'Payment plans' });
    const card = within(list).getByRole('listitem', { name: 'Gold' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Gold' })).toBeInTheDocument();
    expect(within(card).getByText('€1,234.50')).toBeInTheDocument();
    expect(within(card).getByText('1,000 credit points')).toBeInTheDocument();
    expect(within(card).getByText('For busy shops.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Purchase Package: Gold' })).toBeInTheDocument();
    // Managing plans needs its own permissions.
    expect(screen.queryByRole('button', { name: 'Add plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Gold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Gold' })).not.toBeInTheDocument();
  });

  it('says when there is no plan yet', async () => {
    plans = [];
    setup(['purchase-package']);
    expect(await screen.findByText('No payment plans are available yet.')).toBeInTheDocument();
  });

  it('says the plans could not be fetched', async () => {
    fetchMock.mockImplementation(async () => json(500, { status: false, code: 'INTERNAL', statusCode: 500, msg: 'Internal server error', errors: {} }));
    setup(['purchase-package']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch payment plans');
  });

  it('gives price and credit points, side by side in the add dialog, each a hint', async () => {
    setup(MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment plan' });
    expect(within(dialog).getByLabelText(/^Price/)).toHaveAccessibleDescription('Digits with at most two decimals, for example 19.90');
    expect(within(dialog).getByLabelText(/^Credit points/)).toHaveAccessibleDescription('A whole number, for example 100');
  });

  it('asks first, showing the points for the price, then sends the browser to the order URL', async () => {
    setup(['purchase-package']);
    fireEvent.click(await screen.findByRole('button', { name: 'Purchase Package: Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy this payment plan?' });
    expect(within(dialog).getByText('1,000 credit points')).toBeInTheDocument();
    expect(within(dialog).getByText('€1,234.50')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/purchase-package')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Purchase Package' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(sentBodies(fetchMock, '/api/purchase-package')).toEqual([{ payment_plan_id: 7 }]);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("shows the server's reason when a purchase fails, else 'Failed to process purchase'", async () => {
    purchase = () => json(503, { status: false, code: 'UNAVAILABLE', statusCode: 503, msg: 'The payment provider could not be reached.', errors: {} });
    setup(['purchase-package']);
    const buy = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Purchase Package: Gold' }));
      fireEvent.click(within(await screen.findByRole('dialog', { name: 'Buy this payment plan?' })).getByRole('button', { name: 'Purchase Package' }));
    };
    await buy();
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('The payment provider could not be reached.'));
    purchase = () => json(500, { status: false, code: 'INTERNAL', statusCode: 500, msg: 'Internal server error', errors: {} });
    await buy();
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to process purchase'));
    expect(leave).not.toHaveBeenCalled();
  });

  it('refuses a price with more than two decimals or two dots, with the contract messages', async () => {
    setup(MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment plan' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Silver' } });
    fireEvent.change(within(dialog).getByLabelText(/^Credit points/), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'For new shops.' } });

    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The price may have at most two decimals.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '1.2.3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the price as digits with at most one dot.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/^Credit points/), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Credit points must be a whole number of at least 1.')).toBeInTheDocument();
    expect(calls('/api/add-payment-plans')).toHaveLength(0);
  });

  it('keeps a pasted title and description past their limits whole, counts them, says the limit and sends nothing', async () => {
    setup(MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment plan' });
    const title = within(dialog).getByLabelText(/^Title/);
    const description = within(dialog).getByLabelText(/^Description/);
    expect(title).not.toHaveAttribute('maxlength');
    expect(description).not.toHaveAttribute('maxlength');
    fireEvent.change(title, { target: { value: 't'.repeat(130) } });
    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '19.90' } });
    fireEvent.change(within(dialog).getByLabelText(/^Credit points/), { target: { value: '500' } });
    fireEvent.change(description, { target: { value: 'd'.repeat(1200) } });

    expect(title).toHaveValue('t'.repeat(130));
    expect(description).toHaveValue('d'.repeat(1200));
    expect(within(dialog).getByText('130 / 100')).toBeInTheDocument();
    expect(within(dialog).getByText('1,200 / 1,000')).toBeInTheDocument();
    expect(within(dialog).getByText('Character limit reached: at most 100 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Character limit reached: at most 1,000 characters.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(calls('/api/add-payment-plans')).toHaveLength(0);
  });

  it('adds a plan with the price as typed and the points as a number', async () => {
    setup(MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment plan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('All fields are required')).length).toBeGreaterThan(0);

    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: ' Silver ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '19.90' } });
    fireEvent.change(within(dialog).getByLabelText(/^Credit points/), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'For new shops.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/api/add-payment-plans')).toHaveLength(1));
    expect(sentBodies(fetchMock, '/api/add-payment-plans')[0]).toEqual({ title: 'Silver', price: '19.90', credit_points: 500, description: 'For new shops.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts.success).toHaveBeenCalledWith('Payment plan saved.');
  });

  it("keeps the form open with 'Failed to add payment plan' when the server fails without a reason", async () => {
    fetchMock.mockImplementation(async (url) =>
      url.pathname === '/api/payment-plans'
        ? json(200, { status: true, msg: 'OK', data: [] })
        : json(500, { status: false, code: 'INTERNAL', statusCode: 500, msg: 'Internal server error', errors: {} }),
    );
    setup(MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment plan' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Silver' } });
    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '19' } });
    fireEvent.change(within(dialog).getByLabelText(/^Credit points/), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'For new shops.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to add payment plan');
  });

  it('edits a plan starting from its values, with PUT', async () => {
    setup(MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit payment plan' });
    expect(within(dialog).getByLabelText(/^Price/)).toHaveValue('1234.50');
    expect(within(dialog).getByLabelText(/^Credit points/)).toHaveValue('1000');
    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/api/update-payment-plans/7')).toHaveLength(1));
    expect(calls('/api/update-payment-plans/7')[0]![1]!.method).toBe('PUT');
    expect(sentBodies(fetchMock, '/api/update-payment-plans/7')[0]).toEqual({ title: 'Gold', price: '999', credit_points: 1000, description: 'For busy shops.' });
  });

  it('deletes a plan after the confirmation', async () => {
    setup(MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete payment plan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('/api/delete-payment-plans/7')).toHaveLength(1));
    expect(calls('/api/delete-payment-plans/7')[0]![1]!.method).toBe('DELETE');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Payment plan deleted.'));
  });
});
