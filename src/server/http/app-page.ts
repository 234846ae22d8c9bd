import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { INLINED_SETTINGS_ID } from '@contract/first-paint';
import type { BuiltFile } from './built-files';
import { COMPRESS_FROM_BYTES, compressForKeeping } from './compression';
import type { KeptAnswer } from './kept-answer';

/**
 * What the first render of the app needs for one request (issue 25 item 6), written into the
 * page so the browser has it with the page instead of asking for it after the scripts ran.
 */
export interface FirstPaint {
  /** The language the app will render in: its texts are preloaded. */
  locale: string;
  /**
   * The settings answer exactly as GET /api/settings.php sends it for this request. Its owner
   * keeps one object per version of the site's settings, so a page built with it is kept with
   * it and a settings change is a new page by construction.
   */
  settings: KeptAnswer;
}

/** Handed in by the composition root: this edge imports no feature. */
export type FirstPaintOf = (request: FastifyRequest) => Promise<FirstPaint>;

/** The built scripts the first render needs in a language, as site paths. */
export type PreloadsOf = (locale: string) => string[];

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The JSON as a data block's text: every `<` as \u003c (the same JSON once parsed), so no
 * text of a setting can close the block (`</script>`) or open a comment in it.
 */
const dataBlockText = (json: Buffer) => json.toString('utf8').replace(/</g, '\\u003c');

function headOf(firstPaint: FirstPaint, preloads: string[]): string {
  const links = preloads.map(
    (path) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(path)}">`,
  );
  const settings =
    `<script type="application/json" id="${INLINED_SETTINGS_ID}" ` +
    `data-locale="${escapeAttribute(firstPaint.locale)}">` +
    `${dataBlockText(firstPaint.settings.body)}</script>`;
  return [...links, settings].join('');
}

async function builtPage(html: string, type: string): Promise<BuiltFile> {
  const body = Buffer.from(html);
  const encoded: BuiltFile['encoded'] = {};
  if (body.length >= COMPRESS_FROM_BYTES) {
    [encoded.br, encoded.gzip] = await Promise.all([
      compressForKeeping(body, 'br'),
      compressForKeeping(body, 'gzip'),
    ]);
  }
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, encoded, type, etag: `"${hash}"` };
}

/**
 * The app page with what its first render needs: the module preloads of the language's texts
 * (scripts the app would otherwise find only once its own scripts ran) and the settings
 * answer, before `</head>`. Each page is built and compressed once per settings answer (one
 * object per version of a site's settings, language and country) and kept as long as that
 * answer is: no timer decides whether it is current. The settings keeper is bounded (issue 29
 * item 2), so the pages are too: a page goes with the answer it was built from.
 */
export function appPageBuilder(template: BuiltFile, preloadsOf: PreloadsOf) {
  const html = template.body.toString('utf8');
  const headEnd = html.lastIndexOf('</head>');
  // A page without a head (a stand-in build) takes the additions at its end.
  const at = headEnd === -1 ? html.length : headEnd;
  const kept = new WeakMap<KeptAnswer, Map<string, Promise<BuiltFile>>>();

  return (firstPaint: FirstPaint): Promise<BuiltFile> => {
    let pages = kept.get(firstPaint.settings);
    if (!pages) kept.set(firstPaint.settings, (pages = new Map()));
    let page = pages.get(firstPaint.locale);
    if (!page) {
      // The entry's own imports are preloaded by the page as built already.
      const preloads = preloadsOf(firstPaint.locale).filter((path) => !html.includes(`"${path}"`));
      const head = headOf(firstPaint, preloads);
      page = builtPage(html.slice(0, at) + head + html.slice(at), template.type);
      pages.set(firstPaint.locale, page);
      // A failed build is not kept: the next request tries again.
      page.catch(() => pages.delete(firstPaint.locale));
    }
    return page;
  };
}
