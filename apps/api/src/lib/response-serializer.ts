import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * Every route's `schema.response` is a zod schema (okResponse). It is compiled once, at start-up,
 * to its JSON Schema and from that to a fast-json-stringify function: it writes only the keys
 * the schema names (a new column cannot leak), refuses an answer missing a required key (a
 * logged 500), and is several times quicker than checking with zod and then JSON.stringify,
 * which was the largest cost of the catalog list after the database (decision 0028).
 *
 * With `check` (NODE_ENV=test: the whole API suite) each answer is first checked against the
 * zod schema, as before, so a service that returns the wrong shape fails its tests.
 * A schema JSON Schema cannot express (none today) keeps zod's encoding.
 */
export function responseSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = zodSchemaOf(maybeSchema);
    const encode = (data: unknown) => {
      const result = schema.safeEncode(data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    const stringify = compileStringify(schema);
    if (!stringify) return (data: unknown) => JSON.stringify(encode(data));
    return check ? (data: unknown) => stringify(encode(data)) : stringify;
  };
}

function zodSchemaOf(maybeSchema: unknown): z.ZodType {
  if (maybeSchema instanceof z.ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`A response schema must be a zod schema: ${JSON.stringify(maybeSchema)}`);
}

/** The fast-json-stringify function for a zod schema, or null when JSON Schema cannot express it. */
export function compileStringify(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}
