import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { json, renderRoutes, sentBodies, stubFetch } from '../../test-utils';
import { AddNotificationPage } from './add-notification-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const descriptionEditor = () => screen.getByRole<HTMLElement & { editor: Editor }>('textbox', { name: /Description/ }).editor;

function setup(answer?: (url: URL) => Response | undefined) {
  session.save('t0k3n', ['add-res-notif', 'res-notif-list'], false);
  const fetchMock = stubFetch(async (url) => answer?.(url) ?? json(404, { status: false, statusCode: 404, msg: 'no route', message: 'no route', errors: {} }));
  renderRoutes(
    [
      { path: '/add-res-notif', element: <AddNotificationPage /> },
      { path: '/res-notif-list', element: <p>notification list</p> },
    ],
    '/add-res-notif',
  );
  return fetchMock;
}

describe('AddNotificationPage', () => {
  beforeEach(() => toasts.success.mockClear());
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('asks for both fields: All fields are required once, and each empty field names itself', async () => {
    const fetchMock = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add notification' }));
    expect(await screen.findByText('All fields are required')).toBeInTheDocument();
    expect(screen.getByText('The Title is required.')).toBeInTheDocument();
    expect(screen.getByText('The Description is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links to the notification list', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Go to the notification list' })).toHaveAttribute('href', '/res-notif-list');
  });

  it('sends the title and the HTML, shows the server message and empties the form', async () => {
    const fetchMock = setup((url) => (url.pathname === '/api/create-notifications' ? json(201, { status: true, msg: 'Notification created successfully.' }) : undefined));
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Ramadan offer' } });
    act(() => {
      descriptionEditor().commands.insertContent('<p>Half <strong>price</strong></p>');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add notification' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Notification created successfully.'));
    expect(sentBodies(fetchMock, '/api/create-notifications')).toEqual([{ title: 'Ramadan offer', description: '<p>Half <strong>price</strong></p>' }]);
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('');
  });

  it("shows the server's field messages under the fields", async () => {
    setup((url) =>
      url.pathname === '/api/create-notifications'
        ? json(422, { status: false, statusCode: 422, msg: 'Invalid', message: 'Invalid', errors: { description: ['The images in the description may not exceed 10 MB in total.'] } })
        : undefined,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Offer' } });
    act(() => {
      descriptionEditor().commands.insertContent('<p>Text</p>');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add notification' }));
    expect(await screen.findByText('The images in the description may not exceed 10 MB in total.')).toBeInTheDocument();
  });
});
