import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The SQL functions and triggers as they are now: one file per function in this folder (its
 * trigger, if any, in the same file), each replacing itself (`CREATE OR REPLACE FUNCTION`, `DROP
 * TRIGGER IF EXISTS` + `CREATE TRIGGER`). Migrations keep their history; these files hold the
 * present, and are installed after the migrations, on the same connection
 * (docs/decisions/0013-what-lives-in-sql.md).
 *
 * Each installed function carries a comment naming its file and the hash of its text; a file is
 * installed again only when its text changed. An unchanged panel starting (every node, every
 * start) takes no lock on the tables the triggers sit on.
 */
export type FunctionFile = { name: string; text: string; note: string };

/** The files of `folder`, in name order: the file name is the function's name. */
export function functionFiles(folder: string): FunctionFile[] {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.sql'.length);
      // The name goes into a statement unquoted: a file name is a plain lower-case identifier or nothing.
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`db/functions/${file}: a function's file is named after it (lower case, digits, underscores)`);
      const text = fs.readFileSync(path.join(folder, file), 'utf8').trim();
      const hash = crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);
      return { name, text: text.endsWith(';') ? text : `${text};`, note: `db/functions/${file} sha256:${hash}` };
    });
}

/** The comment of each function of the schema the migrations create them in. */
const NOTES_SQL = `select p.proname as name, obj_description(p.oid, 'pg_proc') as note
  from pg_proc p where p.pronamespace = current_schema()::regnamespace`;

/** What installing needs of a connection: a query, and a script run in one transaction. */
export type FunctionsSession = {
  query(text: string): Promise<{ name: unknown; note: unknown }[]>;
  transaction(script: string): Promise<void>;
};

/**
 * Installs the files whose text is not the one installed, in one transaction: a trigger is never
 * missing between its drop and its creation for a concurrent write. Bodies are checked when first
 * run, not now (`check_function_bodies = off`, as pg_dump restores), so the files' order does not
 * matter. Answers the names installed.
 */
export async function installFunctions(session: FunctionsSession, folder: string): Promise<string[]> {
  const installed = new Map((await session.query(NOTES_SQL)).map((row) => [String(row.name), row.note]));
  const stale = functionFiles(folder).filter((file) => installed.get(file.name) !== file.note);
  if (stale.length === 0) return [];
  await session.transaction(
    ['SET LOCAL check_function_bodies = off;', ...stale.flatMap((file) => [file.text, `COMMENT ON FUNCTION ${file.name} IS '${file.note}';`])].join('\n'),
  );
  return stale.map((file) => file.name);
}
