import * as z from 'zod/mini';
import { ok } from './common.js';
import { endpoint } from './endpoint.js';
import { translate } from './i18n.js';

/**
 * Backups of the panel's database (issue 26), each proven by a restore drill: the backup is loaded
 * into a fresh, separate database, the migrations are checked and the ledger is verified (every
 * balance equals the sum of its ledger rows, none is negative, the counts equal the source's at
 * the dump's point).
 */
export const BACKUP_DRILL_STATUSES = ['passed', 'failed'] as const;
export type BackupDrillStatus = (typeof BACKUP_DRILL_STATUSES)[number];

/**
 * What a drill found wrong, what kept a backup from being taken, or why backups cannot run here, as
 * a code and its values: the panel and the mail word it in the reader's language
 * (`backups.finding.<code>` in the messages), and `backupFindingText` gives the English sentence
 * the API's `problems`, the log and the command line show. Codes are only ever added: a client
 * that does not know one shows the English text.
 */
export const BACKUP_FINDING_CODES = [
  // The archive (unpacked and checked against its manifest).
  'archive_unreadable',
  'member_not_plain_file',
  'manifest_missing',
  'manifest_invalid',
  'manifest_not_json',
  'format_newer',
  'member_missing',
  'member_size',
  'member_checksum',
  'member_unlisted',
  'dump_missing',
  // Loading the dump.
  'postgres_backup_needs_postgres',
  'dump_not_loading',
  'drill_not_run',
  // The restored copy.
  'migrations_table_missing',
  'migrations_differ',
  'migrations_newer',
  'migrations_older',
  'accounts_differ',
  'devices_differ',
  'activations_differ',
  'ledger_rows_differ',
  'balance_total_differs',
  'balances_differ',
  'balance_ledger_mismatch',
  'more_balance_mismatches',
  'negative_balance',
  'orphan_ledger_rows',
  // Taking the backup.
  'pg_dump_missing',
  'disk_full',
  'failed',
] as const;
export type BackupFindingCode = (typeof BACKUP_FINDING_CODES)[number];

/** Values are shown as they are; numbers are written in the reader's language. */
export const backupFinding = z.object({
  /** One of BACKUP_FINDING_CODES (a newer server may send one this client does not know). */
  code: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type BackupFinding = { code: BackupFindingCode; values: Record<string, string | number> };

/** A finding from its code and values. */
export const backupFindingOf = (code: BackupFindingCode, values: Record<string, string | number> = {}): BackupFinding => ({ code, values });

/** The English sentence of a finding: the one function both `problems` and the messages come from. */
export const backupFindingText = (found: { code: string; values: Record<string, string | number> }): string =>
  translate('en', `backups.finding.${found.code}`, found.values);

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
  /** The same differences as codes and values, in the same order (records of older panels lack them). */
  findings: z.optional(z.array(backupFinding)),
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
    /** `unavailable` as a code and its values (`pg_dump_missing`), to show in the reader's language. */
    unavailable_finding: z.optional(z.nullable(backupFinding)),
    /**
     * The last backup that made no file (a full disk, pg_dump failing), until a later one succeeds;
     * null otherwise. `error` is in English; `finding` says it as a code (`failed` when the cause
     * has no code of its own: the English `error` then tells the detail).
     */
    last_failure: z.nullable(z.object({ started_at: z.string(), failed_at: z.string(), error: z.string(), finding: z.optional(backupFinding) })),
    backups: z.array(backupRecord),
  }),
});
export type BackupsAnswer = z.infer<typeof backupsResponse>;

/** `POST /api/backups`: the backup started in the background (202); its record shows in the list when done. */
export const backupStartedResponse = ok({
  data: z.object({ started_at: z.string() }),
});
export type BackupStartedAnswer = z.infer<typeof backupStartedResponse>;

/** System → Backups: the admin's screen (the dashboard's line and the failure mail link to it). */
export const BACKUPS_PATH = '/system/backups';

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['backups'];

/** Served under /api only (a backup is of the live data), to a session only. */
export const backupsEndpoint = endpoint({
  method: 'GET',
  path: '/backups',
  tags,
  permission: 'backups',
  description:
    'The backup running in this process (`running`), why backups cannot be taken on this server (`unavailable`: PostgreSQL without the `pg_dump` client), and the backups kept in `BACKUP_DIR`, newest first: file name, size, time, engine and versions, and the result of the restore drill run on each (`drill`: `passed`, or `failed` with its `problems` in English and the same as `findings`, a code of BACKUP_FINDING_CODES and its values each, to word in the language of the reader; null until it has run). `unavailable_finding` and `last_failure.finding` say `unavailable` and `last_failure.error` the same way (`failed` when an error has no code: its English `error` tells the detail). From a session only: an API key gets 403 `SESSION_REQUIRED`. No call downloads a backup.',
  answer: backupsResponse,
});

export const startBackupEndpoint = endpoint({
  method: 'POST',
  path: '/backups',
  tags,
  permission: 'backups',
  description:
    'Starts a backup in the background and answers 202 at once with its start time; `GET /api/backups` shows it running, then its record once its restore drill has run. A backup already running in this process: 409 `BACKUP_RUNNING`. A failed backup or drill is mailed to the admins. From a session only: an API key gets 403 `SESSION_REQUIRED`.',
  answer: backupStartedResponse,
  status: 202,
});
