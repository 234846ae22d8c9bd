import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { LANDERS } from '../src/contract/routes';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { startServer } from './support/server';

// Every lander at phone and desktop width in English and Dutch, for review (issue 25 item 1):
// `tsx e2e/lander-screenshots.ts [out-dir] [lander …]`, after `npm run build`.
const [outDir = 'screenshots', ...only] = process.argv.slice(2);
const landers = only.length > 0 ? only : [...LANDERS];

const server = await startServer();
const browser = await launchBrowser();
try {
  await mkdir(outDir, { recursive: true });
  for (const locale of ['en', 'nl']) {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
      await context.addCookies([{ name: 'locale', value: locale, url: server.baseUrl }]);
      // Motion stands still, so a shot shows a settled frame.
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const lander of landers) {
        await page.goto(`/landers/${lander}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Scroll through the page so lazy images load before the full-page shot.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const file = join(outDir, `lander-${lander}-${locale}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
