import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Inputs a hostile client could send, built from an endpoint's own zod schema (issue 23 §3):
 * every field the contract names, each filled with values of its kind and with the values
 * that have broken the edge before (ids past PostgreSQL's integer, NUL bytes, forged cursors).
 */
export interface InputHints {
  /** Ids that exist in the test's world, so a forged value can reach the query behind a lookup. */
  knownIds: number[];
  /** Ids that fit a field by its name (`conversation`: the member's own conversation). */
  idsByField: Record<string, number[]>;
}

const LARGEST_INTEGER = 2 ** 31 - 1;

/** Numbers at and past the edges of an id: PostgreSQL's integer, JavaScript's safe range. */
const edgeNumbers = fc.constantFrom(
  0,
  -1,
  0.5,
  LARGEST_INTEGER,
  LARGEST_INTEGER + 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1e21,
);

const bigIdText = fc
  .bigInt({ min: BigInt(LARGEST_INTEGER) - 1n, max: 2n ** 64n })
  .map((value) => value.toString());

/** A time as a server writes it in a cursor, from years any list could hold. */
const isoTime = fc
  .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((date) => date.toISOString());

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/**
 * Texts shaped like the keyset cursors servers write (base64url around a time and an id, in
 * the shapes this server has used), mostly with ids past PostgreSQL's integer: what a client
 * forging a cursor sends.
 */
export function forgedCursors(hints: InputHints) {
  const ids = fc.oneof(
    { arbitrary: bigIdText, weight: 3 },
    { arbitrary: fc.constantFrom(...hints.knownIds), weight: 1 },
    { arbitrary: edgeNumbers, weight: 1 },
  );
  return fc
    .oneof(
      fc.tuple(isoTime, ids).map(([time, id]) => `${time}|${id}`),
      ids.map((id) => `m${id}`),
      fc
        .tuple(isoTime, ids.map(Number), fc.integer({ min: 1, max: 200_000 }))
        .map((values) => JSON.stringify(values)),
      fc.tuple(isoTime, ids.map(Number)).map((values) => JSON.stringify(values)),
    )
    .map(base64url);
}

/** Fields that carry a keyset cursor: forged cursors are what they are mostly sent. */
export const CURSOR_FIELD = /cursor|before|after/;

/** Strings of every kind, with NUL bytes and control characters often among them. */
function anyText(hints: InputHints) {
  const ids = fc.oneof(fc.constantFrom(...hints.knownIds), edgeNumbers, fc.integer());
  const idTexts = fc.oneof(ids.map(String), bigIdText);
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.emailAddress(),
    fc.emailAddress().map((email) => `${email}\u0000`),
    fc.string({ maxLength: 10 }).map((text) => `tr_${text}\u0000${text}`),
    fc.constantFrom('\u0000', 'a\u0000b', '\u0000@example.com', ' ', ''),
    idTexts,
    forgedCursors(hints),
    fc.string({ minLength: 300, maxLength: 2000 }),
  );
}

function anyNumber(hints: InputHints) {
  return fc.oneof(
    fc.constantFrom(...hints.knownIds),
    edgeNumbers,
    fc.integer(),
    fc.double(),
    fc.maxSafeInteger(),
  );
}

/** Any JSON value at all, for fields of no declared shape and to break declared ones. */
function anyJson(hints: InputHints): fc.Arbitrary<unknown> {
  return fc.oneof(
    anyText(hints),
    anyNumber(hints),
    fc.boolean(),
    fc.constant(null),
    fc.array(anyText(hints), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  );
}

// zod keeps each schema's description in `_zod.def`: the fields an input may carry.
interface Definition {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}
const definitionOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: Definition } })._zod.def;

/**
 * Values for one schema: mostly of its own kind (so the other fields pass and a bad one
 * reaches deeper), sometimes any JSON at all.
 */
export function arbitraryInput(schema: z.ZodType, hints: InputHints): fc.Arbitrary<unknown> {
  const own = ownKind(schema, hints);
  return fc.oneof({ arbitrary: own, weight: 4 }, { arbitrary: anyJson(hints), weight: 1 });
}

/** A field's values, leaning on what its name tells: a cursor, or an id of the test's world. */
function fieldArbitrary(key: string, values: fc.Arbitrary<unknown>, hints: InputHints) {
  if (CURSOR_FIELD.test(key))
    return fc.oneof(
      { arbitrary: forgedCursors(hints), weight: 4 },
      { arbitrary: values, weight: 1 },
    );
  const ids = hints.idsByField[key];
  if (!ids) return values;
  const known = fc.constantFrom(...ids);
  return fc.oneof(
    { arbitrary: fc.oneof(known, known.map(String)), weight: 3 },
    { arbitrary: values, weight: 1 },
  );
}

function ownKind(schema: z.ZodType, hints: InputHints): fc.Arbitrary<unknown> {
  const def = definitionOf(schema);
  switch (def.type) {
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, field]) => [
          key,
          fieldArbitrary(key, arbitraryInput(field, hints), hints),
        ]),
      );
      const keys = Object.keys(fields);
      return fc.oneof(
        { arbitrary: fc.record(fields, { requiredKeys: keys }), weight: 3 },
        { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 1 },
      );
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => ownKind(option, hints)));
    case 'intersection':
      return fc
        .tuple(ownKind(def.left!, hints), ownKind(def.right!, hints))
        .map(([left, right]) => ({ ...(left as object), ...(right as object) }));
    case 'pipe':
      // What is sent is the pipe's input; a transform's input is anything.
      return definitionOf(def.in!).type === 'transform' ? anyJson(hints) : ownKind(def.in!, hints);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.option(ownKind(def.innerType!, hints), { nil: undefined, freq: 5 });
    case 'lazy':
      return ownKind(def.getter!(), hints);
    case 'array':
      return fc.array(ownKind(def.element!, hints), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => ownKind(item, hints)));
    case 'string':
      return anyText(hints);
    case 'number':
    case 'int':
    case 'bigint':
      return fc.oneof(anyNumber(hints), anyNumber(hints).map(String));
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', '1', 'yes'));
    // Mostly a value the schema takes, so the fields beside it get their turn.
    case 'enum':
      return fc.oneof(
        {
          arbitrary: fc.constantFrom(...Object.values(def.entries ?? { none: 'none' })),
          weight: 3,
        },
        { arbitrary: anyText(hints), weight: 1 },
      );
    case 'literal':
      return fc.oneof(
        { arbitrary: fc.constantFrom(...(def.values ?? [null])), weight: 3 },
        { arbitrary: anyText(hints), weight: 1 },
      );
    default:
      return anyJson(hints);
  }
}

/**
 * An object input where the named fields take the given values, the other required fields
 * values of their kind, and the optional ones are left out: one field under attack at a time.
 */
export function inputWithFields(
  schema: z.ZodType,
  hints: InputHints,
  fields: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const shape = definitionOf(schema).shape ?? {};
  const others = Object.entries(shape).filter(
    ([key, field]) => !(key in fields) && !OPTIONAL.has(definitionOf(field).type),
  );
  return fc.record({
    ...Object.fromEntries(
      others.map(([key, field]) => [key, fieldArbitrary(key, ownKind(field, hints), hints)]),
    ),
    ...fields,
  });
}

/** The names of an object schema's fields (none for other schemas). */
export const fieldsOf = (schema: z.ZodType | undefined): string[] =>
  schema ? Object.keys(definitionOf(schema).shape ?? {}) : [];

const OPTIONAL = new Set(['optional', 'default', 'prefault', 'catch']);

/** A query string from a generated object, as a browser would encode it. */
export function queryStringOf(input: unknown): string {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value])
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
