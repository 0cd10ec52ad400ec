import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { backupFindingOf, type BackupRecord, type BackupsAnswer } from '@panel/contract';
import { changeLocale } from '../../i18n';
import { formatRecordTime } from '../../lib/format';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { LastBackupLine } from './last-backup-line';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const COUNTS = { accounts: 1, devices: 0, activations: 0, ledger_rows: 0 };
const AT = '2026-11-26T03:00:00Z';
const record = (drill: BackupRecord['drill']): BackupRecord => ({
  file: 'panel-2026-11-26T03-00-00Z.tar.gz',
  size: 1000,
  created_at: AT,
  duration_ms: 100,
  engine: 'pglite',
  panel_version: '1.4.0',
  database_version: '18.1',
  drill,
});
const passed = { status: 'passed' as const, checked_at: AT, duration_ms: 10, problems: [], counts: COUNTS };

function show(data: Partial<BackupsAnswer['data']>) {
  const fetchMock = stubFetch(async () => json(200, { status: true, msg: 'OK', data: { running: null, unavailable: null, last_failure: null, backups: [], ...data } }));
  renderRoutes([{ path: '/dashboard', element: <LastBackupLine /> }], '/dashboard');
  return fetchMock;
}

describe('the dashboard line of the last backup', () => {
  it('says when the newest backup was taken and that it was verified, linking to System → Backups', async () => {
    const fetchMock = show({ backups: [record(passed), record({ ...passed, status: 'failed', problems: ['older'] })] });
    const link = await screen.findByRole('link', { name: `Last backup: ${formatRecordTime(AT)}, verified` });
    expect(link).toHaveAttribute('href', '/system/backups');
    // Asked of the live side, whatever the mode.
    expect(fetchMock.mock.calls[0]![0].pathname).toBe('/api/backups');
  });

  it('names the first problem of a failed check', async () => {
    show({ backups: [record({ ...passed, status: 'failed', problems: ['Account 7: balance 50 but its ledger sums to 40', 'another'] })] });
    expect(await screen.findByRole('link', { name: `Last backup: ${formatRecordTime(AT)}, not verified: Account 7: balance 50 but its ledger sums to 40` })).toBeInTheDocument();
  });

  it("words the first finding in the reader's language, and a full disk's failure too", async () => {
    await changeLocale('de');
    const findings = [backupFindingOf('negative_balance', { account: '12', balance: -2500 })];
    show({ backups: [record({ ...passed, status: 'failed', problems: ['Account 12 has a negative balance (-2500).'], findings })] });
    expect(await screen.findByRole('link', { name: `Letzte Sicherung: ${formatRecordTime(AT)}, nicht geprüft: Konto 12 hat ein negatives Guthaben (-2.500).` })).toBeInTheDocument();
    cleanup();
    vi.unstubAllGlobals();
    const failure = { started_at: '2026-11-27T03:00:00Z', failed_at: '2026-11-27T03:00:02Z', error: 'ENOSPC: no space left on device, write', finding: backupFindingOf('disk_full') };
    show({ backups: [record(passed)], last_failure: failure });
    expect(
      await screen.findByRole('link', {
        name: `Letzte Sicherung: ${formatRecordTime(failure.started_at)}, fehlgeschlagen: Der Datenträger, auf den die Sicherung geschrieben wird, ist voll: Schaffen Sie Platz und starten Sie die Sicherung dann erneut.`,
      }),
    ).toBeInTheDocument();
  });

  it('says the last backup failed when one that made no file is newer than the kept ones', async () => {
    const failure = { started_at: '2026-11-27T03:00:00Z', failed_at: '2026-11-27T03:00:02Z', error: 'ENOSPC: no space left on device' };
    show({ backups: [record(passed)], last_failure: failure });
    expect(await screen.findByRole('link', { name: `Last backup: ${formatRecordTime(failure.started_at)}, failed: ENOSPC: no space left on device` })).toBeInTheDocument();
  });

  it('says a backup is being verified while its check has not run', async () => {
    show({ backups: [record(null)] });
    expect(await screen.findByRole('link', { name: `Last backup: ${formatRecordTime(AT)}, being verified` })).toBeInTheDocument();
  });

  it('says there is no backup yet, or why backups cannot run', async () => {
    show({});
    expect(await screen.findByRole('link', { name: 'No backup yet' })).toBeInTheDocument();
    vi.unstubAllGlobals();
    show({ unavailable: 'pg_dump is not installed.' });
    expect(await screen.findByRole('link', { name: 'Backups unavailable: pg_dump is not installed.' })).toBeInTheDocument();
  });

  it('says so when the list cannot be read', async () => {
    stubFetch(async () => json(500, { status: false, statusCode: 500, code: 'INTERNAL', msg: 'Server error', message: 'Server error' }));
    renderRoutes([{ path: '/dashboard', element: <LastBackupLine /> }], '/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('The last backup could not be read.');
  });
});
