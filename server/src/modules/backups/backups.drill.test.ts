import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, BACKUP_FINDING_CODES, backupFindingText } from '@panel/contract';
import { FORMAT, MANIFEST, POSTGRES_DUMP, type Manifest } from './backups.archive.js';
import { drillArchive } from './backups.drill.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-drill-findings-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** A `.tar.gz` of `members` (name → content) beside a manifest that says `listed`. */
async function archive(name: string, members: Record<string, string>, manifest?: Partial<Manifest>): Promise<string> {
  const staging = fs.mkdtempSync(path.join(root, 'staging-'));
  for (const [member, content] of Object.entries(members)) {
    fs.mkdirSync(path.dirname(path.join(staging, member)), { recursive: true });
    fs.writeFileSync(path.join(staging, member), content);
  }
  const names = Object.keys(members);
  if (manifest) {
    const full: Manifest = {
      format: FORMAT,
      format_version: 2,
      panel_version: '1.0.0',
      engine: 'postgres',
      database_version: '18.1',
      created_at: '2026-11-26T03:00:00.000Z',
      migrations: { applied: 1, last: 1 },
      counts: { accounts: 1, devices: 0, activations: 0, ledger_rows: 0, balance_total: '0', balances_digest: 'x' },
      files: {},
      ...manifest,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(full));
    names.unshift(MANIFEST);
  }
  const file = path.join(root, name);
  await tar.c({ gzip: true, file, cwd: staging }, names);
  return file;
}

const drill = async (file: string) => (await drillArchive(file, { workDir: path.join(root, `work-${crypto.randomUUID()}`) })).drill;

describe('the drill of a damaged backup', () => {
  it('gives each problem as a code and its values, parallel to the same English sentences', async () => {
    const file = await archive(
      'damaged.tar.gz',
      { [POSTGRES_DUMP]: 'dump', 'uploads/logo.png': 'not the logo', 'extra.txt': 'x' },
      {
        format_version: 3,
        files: {
          [POSTGRES_DUMP]: { size: 5000, sha256: sha256('dump') },
          'uploads/logo.png': { size: 12, sha256: sha256('the real logo') },
          'server.key': { size: 32, sha256: sha256('key') },
        },
      },
    );
    const result = await drill(file);
    expect(result.status).toBe('failed');
    expect(result.findings).toEqual([
      { code: 'format_newer', values: { version: 3, supported: 2 } },
      { code: 'member_size', values: { name: POSTGRES_DUMP, size: 4, expected: 5000 } },
      { code: 'member_checksum', values: { name: 'uploads/logo.png' } },
      { code: 'member_missing', values: { name: 'server.key' } },
      { code: 'member_unlisted', values: { name: 'extra.txt' } },
    ]);
    // The English sentences are those the API always gave.
    expect(result.problems).toEqual([
      'The backup\'s format version 3 is newer than this panel reads (2): restore it with a newer panel.',
      `${POSTGRES_DUMP} has 4 bytes, its manifest says 5000.`,
      'uploads/logo.png does not match its checksum: the file was changed or damaged.',
      'The archive lacks server.key, which its manifest lists.',
      'The archive holds extra.txt, which its manifest does not list.',
    ]);
  });

  it('names a foreign archive, a file that is no archive, and a dump missing from a manifest', async () => {
    expect((await drill(await archive('foreign.tar.gz', { 'notes.txt': 'hello' }))).findings).toEqual([{ code: 'manifest_missing', values: {} }]);

    const garbage = path.join(root, 'garbage.tar.gz');
    fs.writeFileSync(garbage, 'not a gzip file at all');
    const unreadable = await drill(garbage);
    expect(unreadable.findings).toEqual([{ code: 'archive_unreadable', values: { reason: expect.any(String) } }]);
    expect(unreadable.problems[0]).toMatch(/^The file cannot be read as a backup archive \(.+\): it is truncated, corrupt or not a panel backup\.$/);

    const empty = await drill(await archive('empty.tar.gz', {}, { files: {} }));
    expect(empty.findings).toEqual([{ code: 'dump_missing', values: { name: POSTGRES_DUMP } }]);
    expect(empty.problems).toEqual([`The archive has no database dump (${POSTGRES_DUMP}).`]);
  });

  it('asks for PostgreSQL to check a PostgreSQL backup without one', async () => {
    const file = await archive('postgres.tar.gz', { [POSTGRES_DUMP]: 'dump' }, { files: { [POSTGRES_DUMP]: { size: 4, sha256: sha256('dump') } } });
    const result = await drill(file);
    expect(result.findings).toEqual([{ code: 'postgres_backup_needs_postgres', values: {} }]);
    expect(result.problems).toEqual(['This is a PostgreSQL backup: it is checked and restored with PostgreSQL (see the README), not into the embedded database.']);
  });
});

describe('backup finding codes', () => {
  it('each have an English sentence in the messages, and the messages no other', () => {
    expect(Object.keys(API_MESSAGES.en.backups.finding).sort()).toEqual([...BACKUP_FINDING_CODES].sort());
    expect(backupFindingText({ code: 'orphan_ledger_rows', values: { rows: 3 } })).toBe('3 ledger rows name an account that is not in the copy.');
  });
});
