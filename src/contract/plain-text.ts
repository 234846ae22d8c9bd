import type { z } from 'zod';

// Control characters (NUL included) that have no place in text a person types. Multi-line
// texts keep tab, line feed and carriage return. Matching them is the point here:
/* eslint-disable no-control-regex */
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/u;
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/* eslint-enable no-control-regex */
// Bidi embeddings, overrides and isolates reorder how a name or message is displayed (for
// example to fake "Anna" from "annA" or hide a link): refused. Plain direction marks stay.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
// Invisible characters: format characters (zero-width space, joiners, BOM, …) and spaces.
const INVISIBLE = /[\p{Cf}\p{Z}\s\u115F\u1160\u3164\uFFA0]/gu;

/** Whether text shows nothing at all once invisible characters are taken away. */
export function isInvisibleOnly(text: string): boolean {
  return text.length > 0 && text.replace(INVISIBLE, '').length === 0;
}

function refinePlainText(schema: z.ZodString, control: RegExp) {
  return schema
    .refine((text) => !control.test(text) && !BIDI_CONTROLS.test(text), 'text_invalid_characters')
    .refine((text) => !isInvisibleOnly(text), 'text_invalid_characters');
}

/**
 * Text on one line (names, tracking values): no control characters, no bidi overrides, not
 * made only of invisible characters (issue 7 §1.8). Apply after trim/min/max.
 */
export const plainLine = (schema: z.ZodString) => refinePlainText(schema, CONTROL_IN_LINE);

/** Text over several lines (about me, messages): as plainLine, but line breaks and tabs stay. */
export const plainText = (schema: z.ZodString) => refinePlainText(schema, CONTROL_IN_TEXT);
