import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { json, renderRoutes, sentBodies, stubFetch } from '../../test-utils';
import { splitWhatsapp } from './countries';
import { SocialWidgetPage } from './social-widget-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

type Widget = { id: number; whatsapp_number: string | null; telegram_number: string | null; created_by: number } | null;

function setup(stored: Widget, save?: () => Response) {
  session.save('t0k3n', ['view-social-widget'], false);
  const fetchMock = stubFetch(async (url) => {
    if (url.pathname === '/api/get-social-widget') return json(200, { status: true, msg: 'OK', data: { SocialWidget: stored } });
    if (url.pathname === '/api/set-social-widget') return save?.() ?? json(200, { status: true, msg: 'Social widget saved.', data: { SocialWidget: stored } });
    return json(404, { status: false, statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
  });
  renderRoutes([{ path: '/social-widget', element: <SocialWidgetPage /> }], '/social-widget');
  return fetchMock;
}

const dialCode = () => screen.getByRole('combobox', { name: 'Country code' });

describe('SocialWidgetPage', () => {
  beforeEach(() => toasts.success.mockClear());
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('starts at Egypt, +20, when nothing is saved', async () => {
    setup(null);
    await screen.findByRole('textbox', { name: 'WhatsApp number' });
    expect(dialCode()).toHaveValue('Egypt (+20)');
    expect(screen.getByText('The number without the country code +20')).toBeInTheDocument();
  });

  it('loads the saved widget and sends the dial code with the digits', async () => {
    const fetchMock = setup({ id: 1, whatsapp_number: '+971501234567', telegram_number: '@my_shop', created_by: 1 });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toHaveValue('501234567'));
    expect(dialCode()).toHaveValue('United Arab Emirates (+971)');
    expect(screen.getByRole('textbox', { name: 'Telegram username' })).toHaveValue('@my_shop');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Social widget saved.'));
    expect(sentBodies(fetchMock, '/api/set-social-widget')).toEqual([{ requestData: { whatsapp: '+971501234567', telegram: '@my_shop' } }]);
  });

  it("shows the server's field errors under their fields", async () => {
    setup(null, () =>
      json(422, {
        status: false,
        statusCode: 422,
        msg: 'Invalid',
        message: 'Invalid',
        errors: { whatsapp: ['WhatsApp number refused.'], telegram: ['Telegram name refused.'] },
      }),
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'WhatsApp number' }), { target: { value: '1001234567' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Telegram username' }), { target: { value: 'my_shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('WhatsApp number refused.')).toBeInTheDocument();
    expect(screen.getByText('Telegram name refused.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks a Telegram username before sending', async () => {
    const fetchMock = setup(null);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Telegram username' }), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('A Telegram username has 5 to 32 letters, digits or underscores.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/set-social-widget')).toEqual([]);
  });
});

describe('splitWhatsapp', () => {
  it('takes the longest dial code and falls back to +20', () => {
    expect(splitWhatsapp('+201001234567')).toMatchObject({ country: { code: 'EG' }, digits: '1001234567' });
    expect(splitWhatsapp('+966501234567')).toMatchObject({ country: { code: 'SA' }, digits: '501234567' });
    expect(splitWhatsapp(null)).toMatchObject({ country: { dial_code: '+20' }, digits: '' });
  });
});
