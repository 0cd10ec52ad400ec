import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { CreateTicketPage } from './create-ticket-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

/** The Tiptap editor behind the description box (jsdom cannot type into a contenteditable). */
const descriptionEditor = () => screen.getByRole<HTMLElement & { editor: Editor }>('textbox', { name: /Description/ }).editor;

function setup(answer?: (url: URL, init?: RequestInit) => Response | undefined) {
  session.save('t0k3n', ['new ticket', 'tickets list'], false);
  const fetchMock = stubFetch(async (url, init) => answer?.(url, init) ?? json(404, { status: false, statusCode: 404, msg: 'no route', message: 'no route', errors: {} }));
  const router = renderRoutes(
    [
      { path: '/create-ticket', element: <CreateTicketPage /> },
      { path: '/tickets-list', element: <p>tickets list</p> },
    ],
    '/create-ticket',
  );
  return { fetchMock, router };
}

describe('CreateTicketPage', () => {
  beforeEach(() => {
    toasts.error.mockClear();
    toasts.success.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('says one message per error: both empty read All fields are required once and only mark the fields', async () => {
    const { fetchMock } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('All fields are required')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('The Title is required.')).toBeNull();
    expect(screen.queryByText('The Description is required.')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Description/ })).toHaveAttribute('aria-invalid', 'true'));
    // Once the title is typed, the description alone is missing: its own message, no sentence above.
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Box' } });
    expect(await screen.findByText('The Description is required.')).toBeInTheDocument();
    expect(screen.queryByText('All fields are required')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names a single empty field under it, with no banner repeating it', async () => {
    const { fetchMock } = setup();
    act(() => {
      descriptionEditor().commands.insertContent('Help');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('The Title is required.')).toBeInTheDocument();
    expect(screen.getAllByText('The Title is required.')).toHaveLength(1);
    expect(screen.queryByText('All fields are required')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts the title, and keeps a title past 50 characters whole with a message instead of cutting it', async () => {
    const { fetchMock } = setup();
    const title = screen.getByRole('textbox', { name: /Title/ });
    fireEvent.change(title, { target: { value: 'a'.repeat(12) } });
    expect(screen.getByText('12 / 50')).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'b'.repeat(60) } });
    expect(title).toHaveValue('b'.repeat(60));
    expect(screen.getByText('60 / 50')).toBeInTheDocument();
    expect(screen.getByText('Character limit reached: at most 50 characters.')).toBeInTheDocument();
    descriptionEditor().commands.insertContent('Help');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts the description and refuses a change past 250 characters, keeping the text', async () => {
    setup();
    const editor = descriptionEditor();
    act(() => {
      editor.commands.insertContent('a'.repeat(249));
    });
    expect(await screen.findByText('249 / 250')).toBeInTheDocument();
    act(() => {
      editor.commands.insertContent('bcd');
    });
    expect(await screen.findByText('Character limit reached')).toBeInTheDocument();
    expect(editor.getText()).toBe('a'.repeat(249));
    expect(screen.getByText('249 / 250')).toBeInTheDocument();
  });

  it('says so when a paste of 319 characters into the description is refused', async () => {
    // jsdom has no ClipboardEvent; ProseMirror only needs an event to carry the paste.
    vi.stubGlobal('ClipboardEvent', class extends Event {});
    setup();
    const editor = descriptionEditor();
    act(() => {
      editor.view.pasteText('x'.repeat(319));
    });
    expect(await screen.findByText('Character limit reached')).toBeInTheDocument();
    expect(editor.getText()).toBe('');
    expect(screen.getByText('0 / 250')).toBeInTheDocument();
  });

  it('sends the title and the HTML as form data, then opens the list', async () => {
    const { fetchMock, router } = setup((url) =>
      url.pathname === '/api/create-ticket'
        ? json(201, { status: true, msg: 'Ticket created successfully.', data: {} })
        : undefined,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Box does not start' } });
    act(() => {
      descriptionEditor().commands.insertContent('<p>See <strong>this</strong></p>');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets-list'));
    expect(toasts.success).toHaveBeenCalledWith('Ticket created successfully.');
    const body = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/create-ticket')![1]!.body as FormData;
    expect(body.get('title')).toBe('Box does not start');
    expect(body.get('description')).toBe('<p>See <strong>this</strong></p>');
  });

  it('shows the server\u2019s field messages under their inputs', async () => {
    setup((url) =>
      url.pathname === '/api/create-ticket'
        ? json(422, { status: false, statusCode: 422, msg: 'Character limit reached', message: 'Character limit reached', errors: { description: ['Character limit reached'] } })
        : undefined,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Box' } });
    act(() => {
      descriptionEditor().commands.insertContent('<p>text</p>');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Character limit reached')).toBeInTheDocument();
  });
});
