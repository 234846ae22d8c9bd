import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { logInDemoMember } from './demo-login';
import { freePort } from './app-process';

/**
 * Lighthouse in mobile mode (its default: a mid-range phone, simulated slow 4G and a 4x
 * slower CPU) on the pages a visitor and a member open first (issue 25 item 6). The app runs
 * as `npm start` runs it (production, a temporary data directory with the demo data); run
 * it with `npm run bench:lighthouse`, which builds first. Figures, never a test: they
 * depend on the machine's load. BENCH_LIGHTHOUSE_RUNS=n takes the median of n runs;
 * BENCH_LIGHTHOUSE_DIR=dir keeps each run's full report (JSON) there;
 * BENCH_LIGHTHOUSE_AS=visitor (or member) measures only those pages.
 * BENCH_LIGHTHOUSE_THROTTLING=devtools slows the network and CPU for real instead of
 * simulating them from an unthrottled load: slower, but round trips saved show as they are,
 * where the simulation of a loaded machine's trace mostly shows its load.
 */

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR;
const ONLY_AS = process.env.BENCH_LIGHTHOUSE_AS;
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, cls: 0.1 };

interface Page {
  path: string;
  as: 'visitor' | 'member';
  /** Skipped when the app does not have it (yet). */
  optional?: boolean;
}

const PAGES: Page[] = [
  { path: '/', as: 'visitor' },
  { path: '/landers/collagelanding', as: 'visitor', optional: true },
  { path: '/pages/faq', as: 'visitor' },
  { path: '/members', as: 'member' },
  { path: '/chats', as: 'member' },
  { path: '/', as: 'member' },
];

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The elements that moved most, for finding what to reserve space for. */
  shifts: string[];
}

/**
 * A browser Lighthouse drives over its debugging port. Its default context is the one
 * Lighthouse's tabs open in, so a member logged in here stays logged in there.
 */
async function openBrowser(): Promise<{
  context: BrowserContext;
  port: number;
  close(): Promise<void>;
}> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  return {
    context,
    port,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

async function measure(url: string, port: number, as: Page['as']): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    // Keeps the member's cookies. A visitor's every run is a first visit: with the storage
    // kept, the service worker the first run installed served the later runs (and the later
    // pages) from its caches, and the first visit's chain was measured once in n runs.
    disableStorageReset: as === 'member',
    throttlingMethod: THROTTLING,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (REPORT_DIR) {
    const name = `${as}${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    await mkdir(REPORT_DIR, { recursive: true });
    await writeFile(join(REPORT_DIR, name), String(result.report));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const shiftItems = (audits['layout-shifts']?.details as { items?: unknown[] } | undefined)
    ?.items as
    Array<{ score?: number; node?: { snippet?: string; selector?: string } }> | undefined;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    shifts: (shiftItems ?? [])
      .slice(0, 3)
      .map(
        (item) =>
          `${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? item.node?.snippet ?? '?'}`,
      ),
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function medianOf(runs: Figures[]): Figures {
  const pick = (key: Exclude<keyof Figures, 'shifts'>) => median(runs.map((run) => run[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    shifts: runs[0]!.shifts,
  };
}

function row(page: Page, figures: Figures): string {
  const mark = (ok: boolean) => (ok ? ' ' : '!');
  return [
    `${page.path} (${page.as})`.padEnd(34),
    `${figures.performance}${mark(figures.performance >= TARGETS.performance)}`.padStart(5),
    `${figures.accessibility}${mark(figures.accessibility >= TARGETS.accessibility)}`.padStart(5),
    `${figures.bestPractices}${mark(figures.bestPractices >= TARGETS['best-practices'])}`.padStart(
      5,
    ),
    String(figures.seo).padStart(4),
    `${(figures.fcpMs / 1000).toFixed(1)} s`.padStart(7),
    `${(figures.lcpMs / 1000).toFixed(1)} s`.padStart(7),
    `${Math.round(figures.tbtMs)} ms`.padStart(8),
    `${figures.cls.toFixed(3)}${mark(figures.cls <= TARGETS.cls)}`.padStart(7),
  ].join(' ');
}

async function main() {
  const server = await startServer({ LOG_LEVEL: 'error' });
  const lines: string[] = [];
  try {
    for (const as of ['visitor', 'member'] as const) {
      if (ONLY_AS && ONLY_AS !== as) continue;
      const browser = await openBrowser();
      try {
        if (as === 'member') await logInDemoMember(browser.context, server.baseUrl);
        for (const page of PAGES.filter((candidate) => candidate.as === as)) {
          const url = `${server.baseUrl}${page.path}`;
          if (page.optional && (await fetch(url)).status === 404) {
            lines.push(`${`${page.path} (${page.as})`.padEnd(34)} skipped: not in the app yet`);
            continue;
          }
          const runs: Figures[] = [];
          for (let run = 0; run < RUNS; run += 1)
            runs.push(await measure(url, browser.port, page.as));
          const figures = medianOf(runs);
          lines.push(row(page, figures));
          for (const shift of figures.shifts) lines.push(`${''.padEnd(36)}shift ${shift}`);
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.stop();
  }
  console.log(
    [
      `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile (${THROTTLING} throttling), ${new Date().toISOString()}`,
      `${'page'.padEnd(34)} perf  a11y   bp  seo     FCP     LCP      TBT     CLS`,
      ...lines,
      `! = below target (performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}, CLS ≤ ${TARGETS.cls})`,
    ].join('\n'),
  );
}

await main();
