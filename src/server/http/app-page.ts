import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { INLINED_SETTINGS_ID } from '@contract/first-paint';
import type { WebAppRoute } from '@contract/routes';
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

/** What a page's preloads depend on besides its language (issue 32 item 10). */
export interface PageChunks {
  /** The route the page shows, when it is one of the app's. */
  route: WebAppRoute | undefined;
  /** Whether the request carries a session: a member's page also loads the member shell. */
  member: boolean;
}

/** The built files the first render needs, as site paths: scripts and the page's styles. */
export type PreloadsOf = (locale: string, chunks: PageChunks) => string[];

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The JSON as a data block's text: every `<` as \u003c (the same JSON once parsed), so no
 * text of a setting can close the block (`</script>`) or open a comment in it.
 */
const dataBlockText = (json: Buffer) => json.toString('utf8').replace(/</g, '\\u003c');

/**
 * A script as a module preload; a style sheet as the style sheet itself (the page's chunk
 * would add the same link when it runs, and does not add it twice), so a page with styles of
 * its own (a lander) does not paint without them or wait for its script to ask for them.
 */
const linkOf = (path: string) =>
  path.endsWith('.css')
    ? `<link rel="stylesheet" crossorigin href="${escapeAttribute(path)}">`
    : `<link rel="modulepreload" crossorigin href="${escapeAttribute(path)}">`;

function headOf(firstPaint: FirstPaint, preloads: string[]): string {
  const links = preloads.map(linkOf);
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
 * The app page with what its first render needs: the module preloads of the language's texts,
 * the route's page chunk and its texts, and for a member the member shell (scripts the app
 * would otherwise find only once its own scripts ran, issue 32 item 10), and the settings
 * answer, before `</head>`. Each page is built and compressed once per settings answer (one
 * object per version of a site's settings, language and country), route and kind of visitor
 * (a bounded set: the app's routes), and kept as long as that answer is: no timer decides
 * whether it is current. The settings keeper is bounded (issue 29 item 2), so the pages are
 * too: a page goes with the answer it was built from.
 */
export function appPageBuilder(template: BuiltFile, preloadsOf: PreloadsOf) {
  const html = template.body.toString('utf8');
  const headEnd = html.lastIndexOf('</head>');
  // A page without a head (a stand-in build) takes the additions at its end.
  const at = headEnd === -1 ? html.length : headEnd;
  const kept = new WeakMap<KeptAnswer, Map<string, Promise<BuiltFile>>>();

  return (firstPaint: FirstPaint, chunks: PageChunks): Promise<BuiltFile> => {
    let pages = kept.get(firstPaint.settings);
    if (!pages) kept.set(firstPaint.settings, (pages = new Map()));
    const key = `${firstPaint.locale} ${chunks.route ?? ''} ${chunks.member ? 'member' : ''}`;
    let page = pages.get(key);
    if (!page) {
      // The entry's own imports are preloaded by the page as built already.
      const preloads = preloadsOf(firstPaint.locale, chunks).filter(
        (path) => !html.includes(`"${path}"`),
      );
      const head = headOf(firstPaint, preloads);
      page = builtPage(html.slice(0, at) + head + html.slice(at), template.type);
      pages.set(key, page);
      // A failed build is not kept: the next request tries again.
      page.catch(() => pages.delete(key));
    }
    return page;
  };
}
