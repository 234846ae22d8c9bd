import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, type ResolvedConfig, build } from 'vite';

export const SERVICE_WORKER_FILE = 'service-worker.js';
const SOURCE = fileURLToPath(new URL('../src/web/sw/service-worker.ts', import.meta.url));

/** The expression in the worker's source (src/web/sw/build-manifest.ts) the list replaces. */
export const BUILD_MANIFEST_PLACEHOLDER = 'self.__BUILD_MANIFEST__';

/** What the worker precaches for this build (issue 29 item 1), with the build's revision. */
export interface BuildManifest {
  revision: string;
  files: string[];
}

// The files of the build a page may load: scripts, styles and pictures. Not the page itself
// (the worker asks the server for its shell), Vite's manifest or the worker.
const PRECACHED = /\.(?:js|css|svg|png|webp|woff2?)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * The build's manifest for the worker: the site paths of the built files (hashed, under
 * /assets/) and of the public folder's files, and a revision that changes whenever one of
 * them does, so every build is a new worker that drops the previous build's caches.
 */
export function buildManifestOf(
  bundleFiles: readonly string[],
  publicFiles: ReadonlyArray<{ path: string; content: Buffer }>,
): BuildManifest {
  const built = bundleFiles.filter(
    (file) => PRECACHED.test(file) && file !== SERVICE_WORKER_FILE && !file.startsWith('.vite/'),
  );
  const files = [
    ...built.map((file) => `/${file}`),
    ...publicFiles.filter((file) => PRECACHED.test(file.path)).map((file) => file.path),
  ].sort();
  const hash = createHash('sha256');
  // Built names carry their content's hash; public files are hashed by their content.
  for (const file of files) hash.update(`${file}\n`);
  for (const file of publicFiles) hash.update(file.content);
  return { revision: hash.digest('hex').slice(0, 16), files };
}

/** The worker's code with the manifest written in place of its placeholder (exactly once). */
export function withBuildManifest(code: string, manifest: BuildManifest): string {
  const parts = code.split(BUILD_MANIFEST_PLACEHOLDER);
  if (parts.length !== 2) {
    throw new Error(`the service worker must name ${BUILD_MANIFEST_PLACEHOLDER} exactly once`);
  }
  return parts.join(JSON.stringify(manifest));
}

/**
 * The worker as one classic script: a service worker registered without `type: 'module'`
 * cannot import, so it is built on its own, not as a chunk of the app that would share the
 * app's chunks (the contract's route table, for one).
 */
async function buildWorker(config: ResolvedConfig): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: config.resolve.alias },
    build: {
      write: false,
      copyPublicDir: false,
      emptyOutDir: false,
      minify: config.build.minify,
      lib: { entry: SOURCE, formats: ['iife'], name: 'serviceWorker', fileName: () => 'sw.js' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((file) => file.type === 'chunk');
    if (chunk?.type === 'chunk') return chunk.code;
  }
  throw new Error('the service worker was not built');
}

/**
 * Builds the service worker (src/web/sw/service-worker.ts) with the app, as one file at the
 * site's root (a worker controls only the paths below its own). Its name carries no hash: the
 * browser checks that one address for updates; the server sends it uncached
 * (src/server/http/web-app.ts). Once the app's files are known, their list is written into
 * the worker (as Workbox's injectManifest does), so it precaches exactly this build.
 */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      if (!config) throw new Error('the build has no configuration');
      const publicDir = config.publicDir;
      const publicFiles = publicDir
        ? filesUnder(publicDir).map((path) => ({
            path: `/${relative(publicDir, path).split('\\').join('/')}`,
            content: readFileSync(path),
          }))
        : [];
      const manifest = buildManifestOf(Object.keys(bundle), publicFiles);
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER_FILE,
        source: withBuildManifest(await buildWorker(config), manifest),
      });
    },
  };
}
