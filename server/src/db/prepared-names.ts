import crypto from 'node:crypto';

/**
 * How many statements one connection keeps prepared (PostgreSQL's pool and PGlite alike); later
 * new texts run unnamed, so one-off statements cannot fill the server's memory.
 */
export const PREPARED_PER_CONNECTION = 500;

/** A prepared statement's name, made of its text: the same text is the same statement on every connection. */
export const statementName = (text: string) => `p${crypto.createHash('sha1').update(text).digest('base64url')}`;
