/**
 * zod compiles a faster object parser with `new Function` where the page allows it, and finds
 * out by trying once. The app's Content Security Policy allows no eval (script-src 'self'),
 * so that try was refused and reported as a CSP violation on every page that parses an
 * answer (Lighthouse's best practices: 96). `jitless` skips the try; zod then parses without
 * compiling, as it does wherever eval is refused anyway.
 *
 * Set on zod's shared config object (`globalThis.__zod_globalConfig`, zod/v4/core/core.js),
 * which zod adopts when it loads: importing zod here to call `z.config` would put zod in the
 * first load, which it left in issue 32 item 10. Imported first by main.tsx, before any
 * schema is built.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
