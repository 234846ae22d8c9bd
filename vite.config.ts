import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeFallback } from './scripts/locale-fallback';
import { precompress } from './scripts/precompress';
import { serviceWorker } from './scripts/service-worker-build';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// `npm run dev`: Vite proxies the API to the server started beside it on PORT.
const apiOrigin = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [localeFallback(), react(), serviceWorker(), precompress()],
  resolve: {
    alias: {
      '@contract': fromRoot('./src/contract'),
      '@locales': fromRoot('./src/locales'),
      '@web': fromRoot('./src/web'),
    },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global functions; silence their deprecation noise.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 300,
    // The server reads which chunk holds each language's texts from it, to preload the
    // visitor's with the page (src/server/http/web-app.ts; issue 25 item 6).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      // The realtime socket (issue 9 §4) needs the upgrade passed on; the Host stays the
      // page's, so the server's Origin check holds in development too.
      '/api/socket': { target: apiOrigin, ws: true },
      '/api': apiOrigin,
      '/media': apiOrigin,
      // The server's development pages; /dev/design/ is Vite's own (src/web/dev/design).
      '/dev/mails': apiOrigin,
      '/dev/sms': apiOrigin,
    },
  },
});
