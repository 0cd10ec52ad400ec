import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backupFindingOf, backupFindingText, isolate, type BackupFinding, type BackupRecord, type BackupsAnswer } from '@panel/contract';
import { changeLocale } from '../../i18n';
import { privateRoutes } from '../../app/private-routes';
import { Sidebar } from '../../app/layout/sidebar';
import { formatRecordTime } from '../../lib/format';
import { session } from '../../lib/session';
import { json, renderRoutes, renderWithProviders, stubFetch, type FetchMock } from '../../test-utils';
import { BackupsPage } from './backups-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  session.clear();
  await changeLocale('en');
});

const COUNTS = { accounts: 12, devices: 40, activations: 55, ledger_rows: 300 };
const record = (over: Partial<BackupRecord> = {}): BackupRecord => ({
  file: 'panel-2026-11-26T03-00-00Z-v1.4.0-pg18.tar.gz',
  size: 12_345_678,
  created_at: '2026-11-26T03:00:00Z',
  duration_ms: 1800,
  engine: 'pglite',
  panel_version: '1.4.0',
  database_version: '18.1',
  drill: { status: 'passed', checked_at: '2026-11-26T03:00:05Z', duration_ms: 2400, problems: [], counts: COUNTS },
  ...over,
});
const answer = (data: Partial<BackupsAnswer['data']> = {}): BackupsAnswer => ({ status: true, msg: 'OK', data: { running: null, unavailable: null, last_failure: null, backups: [], ...data } });

/** A fake server whose list answers `states` one after the other (the last one from then on); POST starts a backup. */
function fakeServer(states: BackupsAnswer[], post: () => Response = () => json(202, { status: true, msg: 'Backup started.', data: { started_at: '2026-11-26T10:00:00Z' } })) {
  let next = 0;
  return stubFetch(async (url, init) => {
    if (url.pathname !== '/api/backups') return json(404, { status: false, statusCode: 404, code: 'ROUTE_NOT_FOUND', msg: 'Not found', message: 'Not found' });
    if (init?.method === 'POST') return post();
    const state = states[Math.min(next, states.length - 1)]!;
    next += 1;
    return json(200, state);
  });
}
const posts = (fetchMock: FetchMock) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;

describe('System → Backups', () => {
  it("is routed at /system/backups for accounts with the 'backups' permission, in the sidebar's System group", async () => {
    expect(privateRoutes.find((r) => r.path === '/system/backups')).toMatchObject({ titleKey: 'nav.backups', permission: 'backups', redirect: '/403' });
    const user = userEvent.setup();
    session.save('t0k3n', ['backups'], false);
    renderRoutes([{ path: '/dashboard', element: <Sidebar onNavigate={() => undefined} /> }], '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'System' }));
    expect(await screen.findByRole('link', { name: 'Backups' })).toHaveAttribute('href', '/system/backups');
    cleanup();

    session.save('t0k3n', ['audit-log'], false);
    renderRoutes([{ path: '/dashboard', element: <Sidebar onNavigate={() => undefined} /> }], '/dashboard');
    expect(await screen.findByRole('button', { name: 'Security' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'System' })).not.toBeInTheDocument();
  });

  it('lists each backup with its time, size, database and restore check, the problems of a failed check shown', async () => {
    fakeServer([
      answer({
        backups: [
          record(),
          record({
            file: 'panel-2026-11-25T03-00-00Z-v1.4.0-pg15.dump',
            size: 2048,
            created_at: '2026-11-25T03:00:00Z',
            engine: 'postgres',
            database_version: '15.8',
            drill: { status: 'failed', checked_at: '2026-11-25T03:00:09Z', duration_ms: 900, problems: ['Account 7: balance 50 but its ledger sums to 40', 'Devices: 39 restored, 40 at the dump'], counts: COUNTS },
          }),
        ],
      }),
    ]);
    renderWithProviders(<BackupsPage />);
    const table = await screen.findByRole('table', { name: 'Backups' });
    // Its section starts at h2 under the shell's h1 ("Backups").
    expect(screen.getByRole('heading', { level: 2, name: 'Backups of the database and files' })).toBeInTheDocument();
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText(formatRecordTime('2026-11-26T03:00:00Z'))).toBeInTheDocument();
    expect(within(first!).getByText('panel-2026-11-26T03-00-00Z-v1.4.0-pg18.tar.gz')).toBeInTheDocument();
    expect(within(first!).getByText('12.3 MB')).toBeInTheDocument();
    expect(within(first!).getByText('Embedded (PGlite)')).toBeInTheDocument();
    expect(within(first!).getByText('Database 18.1 · panel 1.4.0')).toBeInTheDocument();
    expect(within(first!).getByText('Verified')).toBeInTheDocument();
    expect(within(first!).getByText('Every balance matches its ledger; checked in 2.4 sec')).toBeInTheDocument();

    expect(within(second!).getByText('2 kB')).toBeInTheDocument();
    expect(within(second!).getByText('PostgreSQL')).toBeInTheDocument();
    expect(within(second!).getByText('Failed')).toBeInTheDocument();
    const problems = within(second!).getByRole('list', { name: 'Problems found' });
    expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Account 7: balance 50 but its ledger sums to 40', 'Devices: 39 restored, 40 at the dump']);
    // Where backups live, and that none is offered for download.
    expect(screen.getByText(/Backups stay on the server, in the folder BACKUP_DIR/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /download/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  });

  it("words a failed check's findings in the reader's language, numbers written for it, and the English of a code it does not know", async () => {
    const findings = [
      backupFindingOf('balance_ledger_mismatch', { account: '7', balance: 1500, ledger: 1400 }),
      backupFindingOf('member_checksum', { name: 'database/postgres.dump' }),
      { code: 'from_a_newer_panel', values: {} } as unknown as BackupFinding,
    ];
    const problems = [...findings.slice(0, 2).map(backupFindingText), 'A problem only a newer panel words.'];
    const failed = record({ drill: { status: 'failed', checked_at: '2026-11-25T03:00:09Z', duration_ms: 900, problems, findings, counts: COUNTS } });
    const listed = async () => within(await screen.findByRole('list', { name: /.+/ })).getAllByRole('listitem').map((li) => li.textContent);

    await changeLocale('de');
    fakeServer([answer({ backups: [failed] })]);
    renderWithProviders(<BackupsPage />);
    expect(await listed()).toEqual([
      'Konto 7 hat ein Guthaben von 1.500 Punkten, seine Buchungszeilen ergeben aber 1.400.',
      'database/postgres.dump passt nicht zu seiner Prüfsumme: Die Datei wurde verändert oder beschädigt.',
      'A problem only a newer panel words.',
    ]);
    cleanup();

    await changeLocale('ar');
    fakeServer([
      answer({
        backups: [failed],
        unavailable: backupFindingText(backupFindingOf('pg_dump_missing', { major: '18' })),
        unavailable_finding: backupFindingOf('pg_dump_missing', { major: '18' }),
      }),
    ]);
    renderWithProviders(<BackupsPage />);
    expect(await listed()).toEqual([
      `رصيد الحساب ${isolate('7')} هو ${isolate('1,500')} نقطة، لكن مجموع قيود سجله ${isolate('1,400')}.`,
      `${isolate('database/postgres.dump')} لا يطابق مجموعه الاختباري: تم تغيير الملف أو تلفه.`,
      'A problem only a newer panel words.',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(`apt-get install postgresql-client-${isolate('18')}`);
    expect(screen.getByRole('alert')).toHaveTextContent('تحتاج النسخ الاحتياطية لـ PostgreSQL إلى عميل pg_dump');
  });

  it('says why backups cannot run on this server and offers no button then', async () => {
    fakeServer([answer({ unavailable: 'PostgreSQL is used but the pg_dump client is not installed.' })]);
    renderWithProviders(<BackupsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Backups cannot run on this server');
    expect(alert).toHaveTextContent('the pg_dump client is not installed');
    expect(screen.getByText(/No backup yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
  });

  it('shows the last backup that made no file, with its reason', async () => {
    fakeServer([answer({ backups: [record()], last_failure: { started_at: '2026-11-27T03:00:00Z', failed_at: '2026-11-27T03:00:02Z', error: 'ENOSPC: no space left on device' } })]);
    renderWithProviders(<BackupsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The last backup failed');
    expect(alert).toHaveTextContent(`Started ${formatRecordTime('2026-11-27T03:00:00Z')}; no file was kept: ENOSPC: no space left on device`);
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  });

  it('starts a backup, keeps the button off while it runs and its check is pending, and shows it verified without a reload', async () => {
    const done = record({ created_at: '2026-11-26T10:00:00Z', file: 'panel-2026-11-26T10-00-00Z.tar.gz' });
    const fetchMock = fakeServer([
      answer(),
      answer({ running: { started_at: '2026-11-26T10:00:00Z' } }),
      answer({ backups: [{ ...done, drill: null }] }),
      answer({ backups: [done] }),
    ]);
    renderWithProviders(<BackupsPage />);
    const user = userEvent.setup();
    expect(await screen.findByText(/No backup yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Backup started. It appears in the list once it has been verified.'));
    expect(posts(fetchMock)).toBe(1);

    const running = await screen.findByRole('status');
    expect(running).toHaveTextContent(`A backup is running (started ${formatRecordTime('2026-11-26T10:00:00Z')})`);
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
    // Polled until the restore check has run.
    expect(await screen.findByText('Being verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
    expect(await screen.findByText('Verified', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  }, 30_000);
});
