import { z } from 'zod';

/**
 * Keyset cursors (issue 9 §1, issue 23 §3): opaque to clients, written and read by one codec
 * here, so every list validates the position it is handed at the edge with the same schemas
 * as any other input. An id inside a cursor is an id like any other (`idSchema`: at most
 * PostgreSQL's integer); a cursor the server did not write answers 400 `cursor_invalid`
 * before any query runs.
 */

/** The text of a cursor: base64url, short. */
export const cursorTextSchema = z
  .string()
  .max(200, 'cursor_invalid')
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor_invalid');

/** A time in a cursor: an ISO time in UTC, as the lists store and sort them. */
export const cursorTimeSchema = z.iso.datetime('cursor_invalid');

function toBase64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The JSON a cursor holds, or undefined when it is not one this codec wrote. */
function readCursorJson(text: string): unknown {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    // Re-encoding must give the same text: base64 decoding forgives stray bits and padding.
    return toBase64url(json) === text ? JSON.parse(json) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A cursor over the named fields, written as a JSON array in the shape's order. `schema`
 * reads the query parameter into the typed position (or refuses it); `encode` writes one.
 */
export function keysetCursor<const Shape extends Record<string, z.ZodType>>(shape: Shape) {
  const names = Object.keys(shape);
  const position = z.object(shape);
  type Position = z.output<typeof position>;
  return {
    encode: (value: Position): string =>
      toBase64url(JSON.stringify(names.map((name) => value[name as keyof Position]))),
    schema: cursorTextSchema.transform((text, context): Position => {
      const values = readCursorJson(text);
      const parsed =
        Array.isArray(values) && values.length === names.length
          ? position.safeParse(
              Object.fromEntries(names.map((name, index) => [name, values[index]])),
            )
          : undefined;
      if (parsed?.success) return parsed.data;
      context.addIssue({ code: 'custom', message: 'cursor_invalid', input: text });
      return z.NEVER;
    }),
  };
}
