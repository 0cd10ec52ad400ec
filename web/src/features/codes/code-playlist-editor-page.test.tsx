import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_PLAYLIST_SAVED_MS, type CodePlaylist } from '@panel/contract';
import { session } from '../../lib/session';
import { json, renderWithProviders, sentBodies, stubFetch } from '../../test-utils';
import { CodePlaylistEditorPage } from './code-playlist-editor-page';
import { OpenCodePlaylistPage } from './open-code-playlist-page';

const CODE = '12345678901234';
const SPORTS: CodePlaylist = { name: 'Sports', url: 'http://tv.example.test/sports.m3u', epg: 'http://tv.example.test/epg.xml' };
const NEWS: CodePlaylist = { name: 'News', url: 'http://tv.example.test/news.m3u', epg: null };

function Landing() {
  const location = useLocation();
  return <p>landed on {location.pathname}</p>;
}

type Options = { permissions?: string[]; resellerEmail?: string; save?: () => Response | Promise<Response> };

function setup(playlists: CodePlaylist[], { permissions = ['view-code', 'edit-code'], resellerEmail, save }: Options = {}) {
  session.save('t0k3n', permissions, false);
  const fetchMock = stubFetch(async (url) => {
    if (url.pathname === `/api/get-playlist/${CODE}`) return json(200, { status: true, msg: 'Playlists loaded.', playlists });
    if (url.pathname === `/api/edit-playlist/${CODE}`) {
      return save ? save() : json(200, { status: true, msg: 'Playlists updated successfully!', playlists });
    }
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
  });
  const router = createMemoryRouter(
    [
      { path: '/ibopro-playlist/:codeValue', element: <CodePlaylistEditorPage /> },
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [{ pathname: `/ibopro-playlist/${CODE}`, state: resellerEmail ? { resellerEmail } : null }] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { fetchMock, router, saved: () => sentBodies(fetchMock, `/api/edit-playlist/${CODE}`) };
}

const cards = () => within(screen.getByRole('list', { name: `Playlists of code ${CODE}` })).getAllByRole('listitem');
const addForm = () => screen.getByRole('form', { name: 'Add a playlist' });
function fillAddForm(values: { url?: string; name?: string; epg?: string }) {
  const form = within(addForm());
  if (values.url !== undefined) fireEvent.change(form.getByRole('textbox', { name: /^URL/ }), { target: { value: values.url } });
  if (values.name !== undefined) fireEvent.change(form.getByRole('textbox', { name: /^Name/ }), { target: { value: values.name } });
  if (values.epg !== undefined) fireEvent.change(form.getByRole('textbox', { name: /^EPG/ }), { target: { value: values.epg } });
}

describe('CodePlaylistEditorPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows a loading text, then the playlists as editable cards, loaded for the reseller named in the router state', async () => {
    const { fetchMock } = setup([SPORTS, NEWS], { resellerEmail: 'other@example.test' });
    expect(screen.getByText('Loading playlists…')).toBeInTheDocument();
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    expect(cards()).toHaveLength(2);
    expect(within(cards()[0]!).getByRole('textbox', { name: /^URL/ })).toHaveValue(SPORTS.url);
    expect(within(cards()[0]!).getByRole('textbox', { name: /^EPG/ })).toHaveValue(SPORTS.epg);
    expect(within(cards()[1]!).getByRole('textbox', { name: /^Name/ })).toHaveValue('News');
    expect(sentBodies(fetchMock, `/api/get-playlist/${CODE}`)).toEqual([{ resellerEmail: 'other@example.test' }]);
    expect(screen.getByText('A code of other@example.test')).toBeInTheDocument();
  });

  it('says when the code has no playlists yet', async () => {
    setup([]);
    expect(await screen.findByText('This code has no playlists yet.')).toBeInTheDocument();
  });

  it('refuses a playlist name used twice, whatever its case, and a URL that is not one, sending nothing', async () => {
    const { saved } = setup([SPORTS, NEWS]);
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    fireEvent.change(within(cards()[1]!).getByRole('textbox', { name: /^Name/ }), { target: { value: 'SPORTS' } });
    fireEvent.change(within(cards()[0]!).getByRole('textbox', { name: /^URL/ }), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save All Playlists' }));
    expect(await within(cards()[1]!).findByText('Playlist name must be unique')).toBeInTheDocument();
    expect(within(cards()[0]!).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(saved()).toEqual([]);
  });

  it('checks the add form the same way: a valid URL, a unique name and an EPG that is a URL if given', async () => {
    setup([SPORTS]);
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    fillAddForm({ url: 'ftp://tv.example.test/x', name: 'sports', epg: 'guide' });
    fireEvent.click(screen.getByRole('button', { name: 'Add New Playlist' }));
    const form = within(addForm());
    expect(await form.findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(form.getByText('Playlist name must be unique')).toBeInTheDocument();
    expect(form.getByText('Please enter a valid URL for EPG')).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
  });

  it('adds a new playlist as a card and empties the add form', async () => {
    setup([SPORTS]);
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    fillAddForm({ url: 'http://tv.example.test/movies.m3u', name: 'Movies' });
    fireEvent.click(screen.getByRole('button', { name: 'Add New Playlist' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[1]!).getByRole('textbox', { name: /^Name/ })).toHaveValue('Movies');
    expect(within(addForm()).getByRole('textbox', { name: /^Name/ })).toHaveValue('');
  });

  it('removes a playlist with its X button', async () => {
    setup([SPORTS, NEWS]);
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    fireEvent.click(screen.getByRole('button', { name: 'Remove playlist Sports' }));
    expect(cards()).toHaveLength(1);
    expect(within(cards()[0]!).getByRole('textbox', { name: /^Name/ })).toHaveValue('News');
  });

  it('saves every playlist with the filled add form, shows the success for 4 s, then returns to the code list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { saved, router } = setup([SPORTS, NEWS], { resellerEmail: 'other@example.test' });
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    fireEvent.click(screen.getByRole('button', { name: 'Remove playlist News' }));
    fillAddForm({ url: ' http://tv.example.test/movies.m3u ', name: 'Movies' });
    fireEvent.click(screen.getByRole('button', { name: 'Save All Playlists' }));

    expect(await screen.findByText('Playlists updated successfully!')).toBeInTheDocument();
    expect(saved()).toEqual([
      {
        playlists: [
          { url: SPORTS.url, name: 'Sports', epg: SPORTS.epg },
          { url: 'http://tv.example.test/movies.m3u', name: 'Movies', epg: null },
        ],
        resellerEmail: 'other@example.test',
      },
    ]);
    // The add form's entry went with the save: the form is empty again.
    expect(within(addForm()).getByRole('textbox', { name: /^URL/ })).toHaveValue('');
    await act(() => vi.advanceTimersByTimeAsync(CODE_PLAYLIST_SAVED_MS - 100));
    expect(router.state.location.pathname).toBe(`/ibopro-playlist/${CODE}`);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByText('landed on /iboprotv')).toBeInTheDocument();
  });

  it('leaves a half-filled add form out of the save, and as it was', async () => {
    const { saved } = setup([SPORTS]);
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    fillAddForm({ url: 'http://tv.example.test/half.m3u' });
    fireEvent.click(screen.getByRole('button', { name: 'Save All Playlists' }));
    expect(await screen.findByText('Playlists updated successfully!')).toBeInTheDocument();
    expect(saved()).toEqual([{ playlists: [{ url: SPORTS.url, name: 'Sports', epg: SPORTS.epg }] }]);
    expect(within(addForm()).getByRole('textbox', { name: /^URL/ })).toHaveValue('http://tv.example.test/half.m3u');
  });

  it('shows the server’s refusal, and a failed request as an error while updating', async () => {
    let answer = () => json(404, { status: false, statusCode: 404, code: 'NOT_FOUND', msg: 'Activation code not found.', message: 'Activation code not found.' });
    setup([SPORTS], { save: () => answer() });
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    fireEvent.click(screen.getByRole('button', { name: 'Save All Playlists' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Activation code not found.');

    answer = () => json(500, { status: false, statusCode: 500, code: 'INTERNAL', msg: 'Something went wrong.', message: 'Something went wrong.' });
    fireEvent.click(screen.getByRole('button', { name: 'Save All Playlists' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while updating the playlists'));
    expect(screen.queryByText('Playlists updated successfully!')).not.toBeInTheDocument();
  });

  it('puts a refusal about an entry under its field, the add form’s entry being the last one sent', async () => {
    const refusal = (errors: Record<string, string[]>) =>
      json(422, { status: false, statusCode: 422, code: 'VALIDATION', msg: 'The given data was invalid.', message: 'The given data was invalid.', errors });
    let answer = () => refusal({ 'playlists.1.name': ['Playlist name must be unique'] });
    setup([SPORTS], { save: () => answer() });
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    fillAddForm({ url: 'http://tv.example.test/movies.m3u', name: 'Movies' });
    fireEvent.click(screen.getByRole('button', { name: 'Save All Playlists' }));
    expect(await within(addForm()).findByText('Playlist name must be unique')).toBeInTheDocument();

    answer = () => refusal({ 'playlists.0.url': ['Please enter a valid URL'] });
    fireEvent.click(screen.getByRole('button', { name: 'Save All Playlists' }));
    expect(await within(cards()[0]!).findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the playlists read-only without edit-code', async () => {
    setup([SPORTS], { permissions: ['view-code'] });
    await screen.findByRole('list', { name: `Playlists of code ${CODE}` });
    expect(within(cards()[0]!).getByRole('textbox', { name: /^URL/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save All Playlists' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove playlist/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a playlist' })).not.toBeInTheDocument();
  });
});

describe('OpenCodePlaylistPage', () => {
  beforeEach(() => session.save('t0k3n', ['view-code'], false));
  afterEach(() => session.clear());

  it('asks for a code, then opens its editor', async () => {
    const router = createMemoryRouter(
      [
        { path: '/ibopro-playlist', element: <OpenCodePlaylistPage /> },
        { path: '*', element: <Landing /> },
      ],
      { initialEntries: ['/ibopro-playlist'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Please enter an activation code.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Activation code/ }), { target: { value: '1234-5678 9012' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('landed on /ibopro-playlist/123456789012')).toBeInTheDocument();
  });
});
