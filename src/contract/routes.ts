// spec §2 "Screens and routes": route names and paths exactly as the spec gives them.
// `{name}` is a parameter, `{name?}` an optional one.
export const ROUTES = {
  index: '/',
  login: '/login',
  signup: '/signup',
  'signup-matches': '/signup-matches',
  'complete-signup': '/complete-signup',
  'reset-password': '/reset-password',
  'reset-password-do': '/reset-password/do',
  'activate-done': '/activate/done',
  'activate-error': '/activate/error',
  'mail-change-do': '/mail-change/do',
  'account-deleted': '/account-deleted',
  members: '/members',
  'members-id': '/members/{id}',
  'members-id-chat': '/members/{id}/chat',
  'members-id-landing': '/members/{id}/landing',
  'members-id-signup': '/members/{id}/signup',
  'members-id-landing2-slug': '/members/{id}/landing2/{slug?}',
  'members-id-landing3-slug': '/members/{id}/landing3/{slug?}',
  'match-finder': '/match-finder',
  chats: '/chats',
  'chats-id': '/chats/{id}',
  likes: '/likes',
  'likes-type': '/likes/{type}',
  'likes-m-id': '/likes/m/{id}',
  'swipe-game': '/swipe-game',
  profile: '/profile',
  notifications: '/notifications',
  premium: '/premium',
  pricing: '/pricing',
  credits: '/credits',
  'credits-repeat-order': '/credits/repeat-order',
  'credits-id-paymentmethod': '/credits/{id}/{paymentmethod?}',
  directdebit: '/directdebit',
  'transactions-id': '/transactions/{id?}',
  complaints: '/complaints',
  'lang-config': '/lang-config',
  // The spec names a settings screen without a path; /settings is our choice (docs/decisions.md).
  settings: '/settings',
  // Issue 31 item 8: the page a data export's mail links to; it posts the link's token.
  'export-id': '/export/{id}',
  'pages-slug': '/pages/{slug}',
  // spec §2 "Static pages: {token}": a static page by its token at the root, e.g. /faq
  // (docs/decisions.md, issue 25 item 4). Only the tokens of STATIC_PAGES are pages.
  'pages-token': '/{token}',
  'landers-slug': '/landers/{lander}/{slug?}',
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * The spec routes the web app has a page for. The web router builds its routes from this list
 * and the server answers 404 for every other path, so a route the app cannot show is never a
 * soft 404 (issue 7 §5.5). A new page joins here, and the router's page table then requires it.
 */
export const WEB_APP_ROUTES = [
  'index',
  'pages-slug',
  'pricing',
  'complaints',
  'login',
  'signup',
  'signup-matches',
  'complete-signup',
  'reset-password',
  'reset-password-do',
  'activate-done',
  'activate-error',
  'mail-change-do',
  'account-deleted',
  'settings',
  // Issue 31 item 5: the notifications page (spec §2).
  'notifications',
  'profile',
  'members-id',
  'members',
  'likes',
  'likes-type',
  'likes-m-id',
  'match-finder',
  'swipe-game',
  'chats',
  'chats-id',
  'members-id-chat',
  // Credits and payments (issue 10).
  'premium',
  'credits',
  'credits-repeat-order',
  'credits-id-paymentmethod',
  'transactions-id',
  'directdebit',
  // Member landing pages (issue 25 item 2): the server answers 404 for members nobody may see.
  'members-id-landing',
  'members-id-landing2-slug',
  'members-id-landing3-slug',
  'members-id-signup',
  // Landers (issue 25 item 1).
  'landers-slug',
  // A member's data export (issue 31 item 8).
  'export-id',
  // Issue 25 item 4: the language and region choice, static pages by token (last: it is the
  // widest pattern, and the first match wins).
  'lang-config',
  'pages-token',
] as const satisfies readonly RouteName[];
export type WebAppRoute = (typeof WEB_APP_ROUTES)[number];

// spec §2: the static pages behind /pages/{slug}.
export const STATIC_PAGES = [
  'ban',
  'cookies',
  'faq',
  'privacy',
  'return-policy',
  'service',
  'terms',
] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

// spec §2: landing pages with an optional slug (tinderswipe takes none).
export const LANDERS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
  'tinderswipe',
] as const;

const LANDERS_WITH_SLUG = LANDERS.filter((lander) => lander !== 'tinderswipe');

/** `/members/{id}` → `/members/:id`, `{slug?}` → `:slug?`: React Router's notation. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)(\?)?\}/g, (_match, name: string, optional?: string) =>
    optional ? `:${name}?` : `:${name}`,
  );
}

/** Builds a concrete path for a route name, e.g. pathFor('members-id', { id: 5 }). */
export function pathFor(name: RouteName, params: Record<string, string | number> = {}): string {
  return ROUTES[name]
    .replace(/\{(\w+)\??\}/g, (_match, key: string) =>
      params[key] === undefined ? '' : encodeURIComponent(String(params[key])),
    )
    .replace(/\/+$/, '')
    .replace(/^$/, '/');
}

function patternOf(path: string): RegExp {
  const body = path
    .replace('/pages/{slug}', `/pages/(?:${STATIC_PAGES.join('|')})`)
    .replace(/^\/\{token\}$/, `/(?<token>${STATIC_PAGES.join('|')})`)
    // spec §2: every lander takes an optional slug but tinderswipe, which takes none.
    .replace(
      '/landers/{lander}/{slug?}',
      `/landers/(?<lander>${LANDERS_WITH_SLUG.join('|')}|tinderswipe(?=/?$))(?:/(?<slug>[^/]+))?`,
    )
    .replace(/\/\{(\w+)\?\}/g, '(?:/(?<$1>[^/]+))?')
    .replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${body}/?$`);
}

const ROUTE_PATTERNS = WEB_APP_ROUTES.map((name) => ({ name, pattern: patternOf(ROUTES[name]) }));

/** A path the web app has a page for: the route's name and its (decoded) parameters. */
export interface MatchedAppRoute {
  name: WebAppRoute;
  params: Record<string, string | undefined>;
}

/**
 * Which of the web app's routes a path is, if any (the first in WEB_APP_ROUTES wins), by its
 * shape alone: route-params.ts says whether its values are ones the page can show.
 */
export function matchAppRoute(path: string): MatchedAppRoute | undefined {
  for (const { name, pattern } of ROUTE_PATTERNS) {
    const match = pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([key, value]) => [key, safeDecode(value)]),
    );
    return { name, params };
  }
  return undefined;
}

function safeDecode(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Whether the web app has a page for a path: the server answers such paths with the app and
 * status 200, every other path with the app's 404 page and status 404.
 */
export function isAppRoute(path: string): boolean {
  return matchAppRoute(path) !== undefined;
}
