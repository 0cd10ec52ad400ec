import crypto from 'node:crypto';

/**
 * How many statements one connection keeps prepared (PostgreSQL's pool and PGlite alike); later
 * new texts run unnamed, so one-off statements cannot fill the server's memory.
 */
export const PREPARED_PER_CONNECTION = 500;

/** A prepared statement's name, made of its text: the same text is the same statement on every connection. */
const statementName = (text: string) => `p${crypto.createHash('sha1').update(text).digest('base64url')}`;

/** The names one connection has given its statements, by text (each text hashed once). */
export class StatementNames {
  private readonly names = new Map<string, string>();

  /** The name of `text` on this connection; undefined when it is new and the connection has no room left. */
  of(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < PREPARED_PER_CONNECTION) this.names.set(text, (name = statementName(text)));
    return name;
  }
}
