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
    const writable = nullablesAsTypeLists(allowingUnknownFields(jsonSchema));
    return fastJson(writable as Parameters<typeof fastJson>[0]);
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

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
/** What a schema may say of a primitive that only checks it: the writer needs none of it. */
const CHECK_ONLY = new Set([
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'enum',
  'const',
]);

/**
 * A nullable primitive as zod writes it (`anyOf: [{ type: 'string', format: 'date-time' },
 * { type: 'null' }]`) becomes a type list (`type: ['string', 'null']`), and a nullable object
 * or list its own schema marked `nullable`. For a union the writer finds the branch by
 * validating the value (an object's every field, date-time formats and all) on every answer;
 * for these it looks at whether the value is null. What only checks a primitive goes: the
 * writer writes, and zod checks every answer in development and tests.
 */
function nullablesAsTypeLists(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullablesAsTypeLists);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as Record<string, unknown>;
  const branches = node.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const isNull = (branch: unknown) =>
      (branch as { type?: unknown } | null)?.type === 'null' &&
      Object.keys(branch as object).length === 1;
    const other = branches.find((branch) => !isNull(branch)) as Record<string, unknown> | undefined;
    if (other && branches.some(isNull)) {
      const { anyOf: _anyOf, ...rest } = node;
      if (
        PRIMITIVE_TYPES.has(other.type as string) &&
        Object.keys(other).every((key) => key === 'type' || CHECK_ONLY.has(key))
      )
        return { ...(nullablesAsTypeLists(rest) as object), type: [other.type, 'null'] };
      // A nullable object or list: written by its own schema, null when it is null.
      if (other.type === 'object' || other.type === 'array')
        return {
          ...(nullablesAsTypeLists(rest) as object),
          ...(nullablesAsTypeLists(other) as object),
          nullable: true,
        };
    }
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = nullablesAsTypeLists(value);
  return copy;
}
