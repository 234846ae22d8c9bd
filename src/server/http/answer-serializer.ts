import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/**
 * How every answer is written (docs/performance.md): by a function compiled once per endpoint
 * from its contract schema (fast-json-stringify, the serializer Fastify itself is built on),
 * which writes only the fields the contract declares, as zod's own check would leave them.
 * Checking each answer with zod was a tenth of a member request.
 *
 * With `checkAnswers` (development and tests) every answer is also checked and serialized by
 * zod, and the two results must be the same JSON: the suite proves the compiled writer right
 * on every answer it sees, and a presenter that breaks the contract fails loudly. A schema
 * that has no JSON Schema form (a transform on the way out) keeps the zod serializer.
 */
export function answerSerializerCompiler({ checkAnswers }: { checkAnswers: boolean }) {
  return (route: SerializerCompiler): Serialize => {
    const checked = zodSerializerCompiler(route) as Serialize;
    const compiled = compiledWriter(route.schema);
    if (!compiled) return checked;
    if (!checkAnswers) return compiled;
    return (data) => {
      const expected = checked(data);
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled answer writer differs from zod's: ${written} ≠ ${expected}`,
        );
      }
      return written;
    };
  };
}

function compiledWriter(routeSchema: unknown): Serialize | undefined {
  // Fastify hands the answer schema itself, or wrapped as `{ properties }` (as the zod
  // provider reads it).
  const schema =
    routeSchema instanceof z.ZodType
      ? routeSchema
      : (routeSchema as { properties?: unknown } | undefined)?.properties;
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    return fastJson(allowingUnknownFields(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/**
 * zod's JSON Schema forbids unknown fields (`additionalProperties: false`). The writer drops
 * them anyway, but it picks a union's branch (a nullable object) by validating the value, and
 * a presenter's object with one field more than the contract would match no branch. Without
 * the prohibition the branch is found and the extra field still never leaves.
 */
function allowingUnknownFields(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allowingUnknownFields);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = allowingUnknownFields(value);
  }
  return copy;
}
