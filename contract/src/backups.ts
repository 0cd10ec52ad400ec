import * as z from 'zod/mini';
import { ok } from './common.js';

/**
 * Backups of the panel's database (issue 26), each proven by a restore drill: the backup is loaded
 * into a fresh, separate database, the migrations are checked and the ledger is verified (every
 * balance equals the sum of its ledger rows, none is negative, the counts equal the source's at
 * the dump's point).
 */
export const BACKUP_DRILL_STATUSES = ['passed', 'failed'] as const;
export type BackupDrillStatus = (typeof BACKUP_DRILL_STATUSES)[number];

/** What the drill counted in the restored copy, and what the source held at the dump's point. */
const backupCounts = z.object({
  accounts: z.number(),
  devices: z.number(),
  activations: z.number(),
  ledger_rows: z.number(),
});

export const backupDrill = z.object({
  status: z.enum(BACKUP_DRILL_STATUSES),
  checked_at: z.string(),
  duration_ms: z.number(),
  /** Each difference found, in plain words (empty when the drill passed). */
  problems: z.array(z.string()),
  counts: backupCounts,
});

/** One backup file, as its record beside it (`<file>.json`) describes it. */
export const backupRecord = z.object({
  /** The file's name in BACKUP_DIR (never a path). */
  file: z.string(),
  /** Bytes. */
  size: z.number(),
  created_at: z.string(),
  duration_ms: z.number(),
  engine: z.enum(['pglite', 'postgres']),
  panel_version: z.string(),
  database_version: z.string(),
  /** Null while the drill has not run (it runs right after the backup). */
  drill: z.nullable(backupDrill),
});
export type BackupRecord = z.infer<typeof backupRecord>;

/** `GET /api/backups`: the one in progress, if any, and the kept ones, newest first. */
export const backupsResponse = ok({
  data: z.object({
    running: z.nullable(z.object({ started_at: z.string() })),
    /** Why backups cannot run here (e.g. PostgreSQL without the `pg_dump` client), or null. */
    unavailable: z.nullable(z.string()),
    /** The last backup that made no file (a full disk, pg_dump failing), until a later one succeeds; null otherwise. */
    last_failure: z.nullable(z.object({ started_at: z.string(), failed_at: z.string(), error: z.string() })),
    backups: z.array(backupRecord),
  }),
});

/** `POST /api/backups`: the backup started in the background (202); its record shows in the list when done. */
export const backupStartedResponse = ok({
  data: z.object({ started_at: z.string() }),
});

/** System → Backups: the admin's screen (the dashboard's line and the failure mail link to it). */
export const BACKUPS_PATH = '/system/backups';
