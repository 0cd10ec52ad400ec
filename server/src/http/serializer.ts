import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { Ajv, type ValidateFunction } from 'ajv';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { prettifyError, safeEncode, type $ZodType } from 'zod/v4/core';

/**
 * Answers leave the server through fast-json-stringify, compiled from the very JSON Schema the
 * OpenAPI document shows for the route and status (the type provider's own zod-to-JSON-Schema
 * transform): a field the schema does not name is never written, a missing required field throws.
 * Parsing every answer through zod cost more than the rest of a list request in the server.
 */

/** The OpenAPI version @fastify/swagger writes (its default): it decides how zod's nullable unions look. */
export const OPENAPI_VERSION = '3.0.3';

/**
 * OpenAPI 3.0.3 lets `nullable` add null to a schema's type, not to its `enum`: zod's nullable
 * enumerations (`refund_refused`) must list null among their values, or null is not allowed.
 */
function withNullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withNullInNullableEnums) as T;
  if (node === null || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNullInNullableEnums(value)])) as Record<string, unknown>;
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...(copy.enum as unknown[]), null];
  return copy as T;
}

/** The type provider's transform of route schemas into the OpenAPI document's, with nullable enumerations as OpenAPI means them. */
export const documentSchemaTransform: typeof jsonSchemaTransform = (document) => withNullInNullableEnums(jsonSchemaTransform(document));

/** The JSON Schema of a zod answer schema, exactly as the OpenAPI document gives it. */
export function answerJsonSchema(schema: $ZodType, url: string): Record<string, unknown> {
  const { schema: transformed } = documentSchemaTransform({
    schema: { response: { answer: schema } },
    url,
    route: { url, method: 'GET' },
    openapiObject: { openapi: OPENAPI_VERSION },
  } as unknown as Parameters<typeof jsonSchemaTransform>[0]);
  const json = (transformed as { response: { answer: Record<string, unknown> } }).response.answer;
  // The contract registers no shared components; a reference would need them passed to the compiler.
  if (JSON.stringify(json).includes('"$ref"')) throw new Error(`answer schema of ${url} refers to a component: not supported`);
  return json;
}

type Compiled = { stringify: (data: unknown) => string; json: Record<string, unknown>; validate?: ValidateFunction };

/** Sandbox routes and every app a test builds reuse the same contract schemas: compile each once. */
const compiled = new WeakMap<$ZodType, Compiled>();

/** Ajv for the test-time check, with OpenAPI 3.0's `nullable` and without failing on `format` names it does not know. */
let ajv: Ajv | undefined;
function checker(): Ajv {
  ajv ??= new Ajv({ allErrors: true, strict: false, validateFormats: false });
  return ajv;
}

/**
 * The schema fast-json-stringify compiles: without `additionalProperties: false`. It writes only the
 * named properties either way, but it picks a union's branch by validating the value against each
 * one, and an extra field would then match no branch; without it the first branch that fits wins
 * and the extra field is dropped, as zod's union of stripping objects does.
 */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

function compile(schema: $ZodType, url: string): Compiled {
  let entry = compiled.get(schema);
  if (!entry) {
    const json = answerJsonSchema(schema, url);
    entry = { json, stringify: fastJsonStringify(withoutClosedObjects(json) as Schema) };
    compiled.set(schema, entry);
  }
  return entry;
}

function isZodSchema(value: unknown): value is $ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * `check` (tests): each answer is also encoded by its zod schema as before and must serialise to
 * the same JSON (a service value the schema does not accept, such as null where a string is
 * required, which fast-json-stringify would quietly coerce, fails the test), and the serialised
 * text must validate with ajv against the OpenAPI document's schema. A mismatch throws, so the
 * request answers 500 and the test that made it fails.
 */
export function answerSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!isZodSchema(schema)) throw new Error(`answer schema of ${method} ${url} (${httpStatus}) is not a zod schema`);
    const entry = compile(schema, url);
    if (!options.check) return entry.stringify;
    entry.validate ??= checker().compile(entry.json);
    const validate = entry.validate;
    return (data: unknown) => {
      const fail = (why: string) => {
        const error = new Error(`${method} ${url} ${httpStatus}: ${why}`);
        // The test's logger is silent and the caller sees a bare 500: say here what failed.
        console.error(error.message);
        return error;
      };
      const encoded = safeEncode(schema, data);
      if (encoded.error) throw fail(`the answer does not match its schema: ${prettifyError(encoded.error)}`);
      const text = entry.stringify(data);
      const sent: unknown = JSON.parse(text);
      const expected: unknown = JSON.parse(JSON.stringify(encoded.data));
      if (!isDeepStrictEqual(sent, expected)) throw fail(`the compiled serializer wrote ${text}, zod's encoding gives ${JSON.stringify(expected)}`);
      if (!validate(sent)) throw fail(`the answer does not match its OpenAPI schema: ${checker().errorsText(validate.errors)}`);
      return text;
    };
  };
}
