import { protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { StatementNames } from './prepared-names.js';

type Prepared = { name: string; paramTypes: number[]; fields: { name: string; dataTypeID: number }[] };
type Message = { name: string; dataTypeIDs?: number[]; fields?: Prepared['fields'] | (string | null)[]; text?: string };
type Parser = (value: string, typeId: number) => unknown;

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The result of one prepared statement's messages, as PGlite's `parseResults` gives it, without its
 * per-call cost: that one copies all of PGlite's ~90 type parsers into a new object on every query
 * and builds each object row through `Object.fromEntries`; here each column's parser is looked up
 * once per query and rows are filled in place.
 */
function parseResult(fields: Prepared['fields'], messages: Message[], defaults: Record<number, Parser>, options: QueryOptions | undefined): Results {
  const own = options?.parsers as Record<number, Parser> | undefined;
  const parsers = fields.map((f) => own?.[f.dataTypeID] ?? defaults[f.dataTypeID]);
  const asArray = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let complete: Message | undefined;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = message.fields as (string | null)[];
      const row: unknown[] | Record<string, unknown> = asArray ? new Array<unknown>(values.length) : {};
      for (let i = 0; i < values.length; i++) {
        const value = values[i]!;
        const parser = parsers[i];
        const parsed = value === null ? null : parser ? parser(value, fields[i]!.dataTypeID) : value;
        if (asArray) (row as unknown[])[i] = parsed;
        else (row as Record<string, unknown>)[fields[i]!.name] = parsed;
      }
      rows.push(row);
    } else if (message.name === 'commandComplete') complete = message;
  }
  if (!complete) return { affectedRows: 0, rows: [], fields: [] };
  const words = complete.text!.split(' ');
  const command = words[0]!;
  const count = parseInt(words[words.length - 1]!, 10);
  const result = {
    rows,
    fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    command,
    affectedRows: COUNTED.has(command) ? count : 0,
    ...(Number.isNaN(count) ? {} : { rowCount: count }),
  };
  return result as unknown as Results;
}

/** A value no serializer of PGlite's knows, as text. */
function asText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return value.toString();
    default:
      return JSON.stringify(value);
  }
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/**
 * PGlite as Drizzle's client, with every parameterised statement prepared once under a name made
 * of its text (as the PostgreSQL pool does, db/client.ts): a statement is then bound and run in
 * one call into WebAssembly instead of PGlite's six, and planned once instead of on every request
 * (docs/decisions/0008-performance.md). Locking follows PGlite's own `query`: a statement outside
 * a transaction waits for any open transaction; one inside it runs in it.
 */
export function preparingClient(pglite: PGlite): PGlite {
  const names = new StatementNames();
  const prepared = new Map<string, Prepared>();

  async function prepare(text: string, name: string, options: QueryOptions | undefined): Promise<Prepared> {
    const known = prepared.get(text);
    if (known) return known;
    const messages = (await pglite.execProtocolStream(
      concat([protocol.serialize.parse({ name, text, types: options?.paramTypes }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false },
    )) as Message[];
    const statement = {
      name,
      paramTypes: messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
      fields: (messages.find((m) => m.name === 'rowDescription')?.fields ?? []) as Prepared['fields'],
    };
    prepared.set(text, statement);
    return statement;
  }

  async function run(text: string, name: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results> {
    const statement = await prepare(text, name, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
      if (serializer) return serializer(value);
      return asText(value);
    });
    const messages = (await pglite.execProtocolStream(
      concat([protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
      { syncToFs: false },
    )) as Message[];
    if (!inTransaction) await pglite.syncToFs();
    return parseResult(statement.fields, messages, pglite.parsers as Record<number, Parser>, options);
  }

  const query = (inTransaction: boolean, plain: (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>) =>
    function (text: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
      const name = params?.length ? names.of(text) : undefined;
      if (name === undefined) return plain(text, params, options);
      const exclusive = () => pglite._runExclusiveQuery(() => run(text, name, params!, options, inTransaction));
      return inTransaction ? exclusive() : pglite._runExclusiveTransaction(exclusive);
    };

  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query(false, (...args) => target.query(...args));
      if (property === 'transaction') {
        return <T>(fn: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => fn(new Proxy(tx, { get: (t, p) => (p === 'query' ? query(true, (...args) => t.query(...args)) : (Reflect.get(t, p, t) as unknown)) })));
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
