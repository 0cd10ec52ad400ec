import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedApplications, type FetchMock, json, stubFetch } from '../../test-utils';
import { AddResellerPage } from './add-reseller-page';
import { renderScreen } from './test-utils';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const APPLICATIONS = [
  { id: 1, app_name: 'IBOPLAYER', app_logo: null, app_place_location: null, needs_device_key: true },
  { id: 2, app_name: 'BOBPLAYER', app_logo: null, app_place_location: null, needs_device_key: true },
  { id: 3, app_name: 'IBOPRO', app_logo: null, app_place_location: null, needs_device_key: false },
];

describe('AddResellerPage', () => {
  let fetchMock: FetchMock;
  let addAnswer: () => Response;
  beforeEach(() => {
    addAnswer = () => json(201, { status: true, msg: 'Reseller created successfully. A create-password email has been sent.', data: { id: 42 } });
    fetchMock = stubFetch(async (url) => {
      if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications(APPLICATIONS);
      if (url.pathname === '/api/add-resellers') return addAnswer();
      return json(404, { status: false, statusCode: 404, msg: 'not found', message: 'not found' });
    });
    toasts.error.mockClear();
    toasts.success.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const addCalls = () => fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/add-resellers');
  const selectAll = async () => {
    const button = await screen.findByRole('button', { name: 'Select All' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
  };

  it('asks for a name, an e-mail and at least one application before sending anything', async () => {
    renderScreen('/add-reseller', <AddResellerPage />, '/add-reseller');
    fireEvent.click(await screen.findByRole('button', { name: 'Add reseller' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one application.')).toBeInTheDocument();
    expect(addCalls()).toHaveLength(0);
  });

  it('refuses an e-mail that is not one', async () => {
    renderScreen('/add-reseller', <AddResellerPage />, '/add-reseller');
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add reseller' }));
    expect(await screen.findByText('Please enter a valid email.')).toBeInTheDocument();
    expect(addCalls()).toHaveLength(0);
  });

  it('keeps a pasted name and e-mail past their limits whole: the name counted, the e-mail only told, nothing sent', async () => {
    renderScreen('/add-reseller', <AddResellerPage />, '/add-reseller');
    const name = screen.getByRole('textbox', { name: /Name/ });
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(name).not.toHaveAttribute('maxlength');
    expect(email).not.toHaveAttribute('maxlength');
    fireEvent.change(name, { target: { value: 'N'.repeat(120) } });
    const longEmail = `${'e'.repeat(250)}@shop.example.com`;
    fireEvent.change(email, { target: { value: longEmail } });
    await selectAll();

    expect(name).toHaveValue('N'.repeat(120));
    expect(email).toHaveValue(longEmail);
    expect(screen.getByText('120 / 100')).toBeInTheDocument();
    expect(screen.getByText('Character limit reached: at most 100 characters.')).toBeInTheDocument();
    expect(screen.getByText('Character limit reached: at most 255 characters.')).toBeInTheDocument();
    expect(screen.queryByText(/\/ 255/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add reseller' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(addCalls()).toHaveLength(0);
  });

  it('Select All chooses every allowed application, then clears them again', async () => {
    renderScreen('/add-reseller', <AddResellerPage />, '/add-reseller');
    fireEvent.click(screen.getByRole('button', { name: 'Add reseller' }));
    expect(await screen.findByText('Please select at least one application.')).toBeInTheDocument();

    await selectAll();
    // The error goes with the choice; the button now offers to clear.
    expect(screen.queryByText('Please select at least one application.')).not.toBeInTheDocument();
    for (const app of APPLICATIONS) expect(screen.getByText(app.app_name)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByRole('button', { name: 'Select All' })).toBeInTheDocument();
  });

  it('sends the name, the e-mail and every selected application, then redirects after 3 s', async () => {
    const router = renderScreen('/add-reseller', <AddResellerPage />, '/add-reseller');
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Nadia Reseller' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'nadia@example.test' } });
    await selectAll();
    fireEvent.click(screen.getByRole('button', { name: 'Add reseller' }));

    await waitFor(() => expect(addCalls()).toHaveLength(1));
    const body = JSON.parse(addCalls()[0]![1]!.body as string) as unknown;
    expect(body).toEqual({ requestData: { name: 'Nadia Reseller', email: 'nadia@example.test', application_allowed: [1, 2, 3] } });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reseller created successfully. A create-password email has been sent.'));
    expect(await screen.findByText(/Redirecting/)).toHaveAttribute('role', 'status');
    expect(router.state.location.pathname).toBe('/add-reseller');
    // Without the reseller-list permission the screen goes to the dashboard, 3 s later.
    await screen.findByText('landed on /dashboard');
  });

  it('shows a 422 under its field, a 400 as an alert and anything else as the general message', async () => {
    renderScreen('/add-reseller', <AddResellerPage />, '/add-reseller');
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Nadia' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'taken@example.test' } });
    await selectAll();

    addAnswer = () =>
      json(422, { status: false, statusCode: 422, code: 'VALIDATION', msg: 'The given data was invalid.', errors: { email: ['The request data. The email has already been taken.'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Add reseller' }));
    expect(await screen.findByText('The email is already taken.')).toBeInTheDocument();

    addAnswer = () => json(400, { status: false, statusCode: 400, code: 'BAD_REQUEST', msg: 'The request could not be understood.' });
    fireEvent.click(screen.getByRole('button', { name: 'Add reseller' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The request could not be understood.');

    addAnswer = () => json(500, { status: false, statusCode: 500, code: 'INTERNAL', msg: 'Something went wrong on our side.' });
    fireEvent.click(screen.getByRole('button', { name: 'Add reseller' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred. Please try again.'));
  });
});
