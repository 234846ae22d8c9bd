import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const SERVICE_WORKER_FILE = 'service-worker.js';
const SOURCE = fileURLToPath(new URL('../src/web/sw/service-worker.ts', import.meta.url));

/**
 * Builds the service worker (src/web/sw/service-worker.ts) with the app, as one file at the
 * site's root (a worker controls only the paths below its own). Its name carries no hash: the
 * browser checks that one address for updates; the server sends it uncached
 * (src/server/http/web-app.ts).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SOURCE, fileName: SERVICE_WORKER_FILE });
    },
  };
}
