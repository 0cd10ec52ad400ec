import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { backupState, takeBackup } from './backups.service.js';

describe('backups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BACKUP_KEEP: '2' } });
  });
  afterAll(() => t.close());

  it('takes a backup whose drill passes, and lists it', async () => {
    const record = await takeBackup(t.app.deps);
    expect(record.drill).toMatchObject({ status: 'passed', problems: [] });
    const dir = t.app.deps.config.backups.dir;
    expect(fs.statSync(path.join(dir, record.file)).mode & 0o777).toBe(0o600);
    const state = await backupState(t.app.deps);
    expect(state.backups.map((b) => b.file)).toEqual([record.file]);
  });
});
