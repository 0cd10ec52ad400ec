/** Escapes LIKE's wildcards in user text, so that `%` and `_` match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
