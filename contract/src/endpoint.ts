import type * as z from 'zod/mini';
import type { Permission } from './permissions.js';

type Schema = z.ZodMiniType;

/**
 * One call of the API, declared once: the server registers its route from it (and so documents
 * it in OpenAPI), and the web calls it through `call(endpoint, input)`, whose answer type is the
 * endpoint's. `path` is relative to `/api` (and to `/api/sandbox`, which serves every call again)
 * and names its parameters Fastify's way (`/resellers/:id/add-credit-point`).
 */
export type Endpoint = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly tags: readonly string[];
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** The answer of a success, sent with `status` (200 unless said); absent for a file download (CSV). */
  readonly answer?: Schema;
  readonly status?: 200 | 201 | 202 | 204;
  /** The shape of its 4xx answers, where the call documents one of its own. */
  readonly refusal?: Schema;
  /** Who may call it: one permission, or any of several (DESIGN.md §3). Absent: any signed-in account. */
  readonly permission?: Permission | readonly Permission[];
  /** Answered without a session (sign-in, the player API, public pages). */
  readonly public?: boolean;
  /** OpenAPI only: what the reference says of the call. */
  readonly description?: string;
  readonly summary?: string;
  /** OpenAPI only: `[]` for a call that takes no bearer. */
  readonly security?: readonly Record<string, readonly string[]>[];
  /** OpenAPI only: the request's media types, when not JSON (uploads). */
  readonly consumes?: readonly string[];
  /** Left out of the OpenAPI document. */
  readonly hide?: boolean;
};

/** Declares an endpoint, keeping its literal types (path, schemas) for the server and the web. */
export function endpoint<const E extends Endpoint>(declared: E): E {
  return declared;
}

export function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'tags' in value;
}

type Output<S> = S extends Schema ? z.output<S> : undefined;
type Input<S> = S extends Schema ? z.input<S> : undefined;

/** What the call answers on success, as the client reads it. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends Schema ? z.output<E['answer']> : unknown;
/** What the server's handler returns (before the answer's serialisation). */
export type ReplyOf<E extends Endpoint> = E['answer'] extends Schema ? z.input<E['answer']> : unknown;
/** The body the client sends, and what the handler reads once validated. */
export type BodyIn<E extends Endpoint> = Input<E['body']>;
export type BodyOf<E extends Endpoint> = Output<E['body']>;
export type QueryIn<E extends Endpoint> = Input<E['query']>;
export type QueryOf<E extends Endpoint> = Output<E['query']>;
export type ParamsOf<E extends Endpoint> = E['params'] extends Schema ? z.output<E['params']> : PathParams<E['path']>;

/** `/resellers/:id/logs/:day` → `{ id: string; day: string }`. */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills `:name` segments from `params`, each encoded as one path segment. */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
