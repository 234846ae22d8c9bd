/**
 * Finds colours written outside the design tokens (issue 32 item 1): a hex, rgb()/rgba() or
 * hsl()/hsla() of literal numbers, or a named colour, in a stylesheet or a script. A
 * translucent token (`rgba(var(--app-accent-rgb), 0.1)`) is a token, not a stray colour.
 * Used by no-stray-colours.test.ts; kept apart so the rules can be tested on examples.
 */
export interface StrayColour {
  line: number;
  text: string;
}

const NAMED =
  'white|black|red|green|blue|yellow|pink|orange|purple|gray|grey|silver|navy|teal|maroon|olive|lime|aqua|fuchsia|magenta|cyan|gold|brown|violet|indigo|crimson|coral|salmon|tomato|beige|ivory|khaki|lavender|plum|orchid|tan|wheat|snow|azure';
// A colour function whose first argument is a number or percentage, not var(…).
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?)\(\s*[\d.%]/i;
// In a stylesheet any hex is a colour (#fff, #1e1b2e, #db277780).
const CSS_HEX = /#[0-9a-f]{3,8}\b/i;
// A property that takes a colour, then a named colour as a whole word in its value.
const CSS_NAMED = new RegExp(
  `(?:^|[\\s;{])(?:color|background(?:-color)?|fill|stroke|border(?:-[a-z]+)*|outline(?:-color)?|box-shadow|text-shadow|caret-color|accent-color|text-decoration-color)\\s*:[^;{}]*?(?<![-$])\\b(?:${NAMED})\\b`,
  'i',
);
// In a script only a quoted value is a colour ('#fff', "#1e1b2e"); an anchor (#content) is not.
const SCRIPT_HEX = /['"`]#[0-9a-f]{3,8}['"`]/i;
// A quoted named colour given to a colour prop or attribute: fill="white", color: 'black'.
const SCRIPT_NAMED = new RegExp(
  `\\b(?:color|background(?:Color)?|fill|stroke|borderColor|fillStyle|strokeStyle)\\s*[:=]\\s*\\{?\\s*['"\`](?:${NAMED})['"\`]`,
  'i',
);

function withoutComments(source: string, kind: 'style' | 'script'): string[] {
  // Block comments become blank lines (line numbers stay right), then line comments go.
  const blanked = source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return blanked
    .split('\n')
    .map((line) =>
      kind === 'style'
        ? line.replace(/(^|[^:])\/\/.*$/, '$1')
        : line.replace(/(^|[^:'"`])\/\/.*$/, '$1'),
    );
}

export function findStrayColours(source: string, kind: 'style' | 'script'): StrayColour[] {
  const found: StrayColour[] = [];
  withoutComments(source, kind).forEach((text, index) => {
    const stray =
      COLOUR_FUNCTION.test(text) ||
      (kind === 'style'
        ? CSS_HEX.test(text) || CSS_NAMED.test(text)
        : SCRIPT_HEX.test(text) || SCRIPT_NAMED.test(text));
    if (stray) found.push({ line: index + 1, text: text.trim() });
  });
  return found;
}
