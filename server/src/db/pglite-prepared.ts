import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { StatementNames } from './prepared-names.js';

type Prepared = { name: string; paramTypes: number[]; fields: { name: string; dataTypeID: number }[] };
type Message = { name: string; dataTypeIDs?: number[]; fields?: Prepared['fields'] };

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
      fields: messages.find((m) => m.name === 'rowDescription')?.fields ?? [],
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
    const described = statement.fields.length > 0 ? [{ name: 'rowDescription', fields: statement.fields }] : [];
    return parse.parseResults([...described, ...messages] as never, pglite.parsers, options)[0] as Results;
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
