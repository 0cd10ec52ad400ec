import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ReplyOf } from '@panel/contract';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The request of an endpoint's route, its parts as the endpoint's schemas validated them. */
type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Params: ParamsOf<E>; Querystring: QueryOf<E>; Body: BodyOf<E> }>;

type Handler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<ReplyOf<E> | FastifyReply>;

/** What a route adds to its endpoint: a permission decided at registration, the body limit, its log level, hooks. */
type Extra = Pick<RouteShorthandOptions, 'attachValidation' | 'bodyLimit' | 'logLevel' | 'preHandler' | 'preValidation' | 'onRequest'> & {
  config?: RouteShorthandOptions['config'];
  /** OpenAPI text computed on the server (limits from its configuration). */
  schema?: Pick<FastifySchema, 'description'>;
};

/** The Fastify schema an endpoint declares: what validates the request and documents the call. */
function schemaOf(endpoint: Endpoint): FastifySchema & Record<string, unknown> {
  const { tags, params, query, body, answer, status = 200, refusal, description, summary, security, consumes, hide } = endpoint;
  return {
    tags: [...tags],
    ...(hide === undefined ? {} : { hide }),
    ...(summary === undefined ? {} : { summary }),
    ...(description === undefined ? {} : { description }),
    ...(security === undefined ? {} : { security: security.map((scheme) => ({ ...scheme })) }),
    ...(consumes === undefined ? {} : { consumes: [...consumes] }),
    ...(params === undefined ? {} : { params }),
    ...(query === undefined ? {} : { querystring: query }),
    ...(body === undefined ? {} : { body }),
    ...(answer === undefined ? {} : { response: { [status]: answer, ...(refusal === undefined ? {} : { '4xx': refusal }) } }),
  };
}

/**
 * Registers the route of a contract endpoint: its method, path, schemas and permission come from
 * the endpoint, so the route, its check and its OpenAPI entry cannot drift from what the web and
 * resellers' clients call.
 */
export function route<E extends Endpoint>(app: App | FastifyInstance, endpoint: E, handler: Handler<E>, extra: Extra = {}): void {
  const { config, schema, ...options } = extra;
  (app as FastifyInstance).route({
    method: endpoint.method,
    url: endpoint.path,
    schema: { ...schemaOf(endpoint), ...schema },
    config: {
      ...(endpoint.permission === undefined ? {} : { permission: endpoint.permission }),
      ...(endpoint.public ? { public: true } : {}),
      ...config,
    },
    ...options,
    handler: handler as never,
  });
}
