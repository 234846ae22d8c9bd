import type { BrowserContext, CDPSession } from 'playwright-core';
import { PHONE, launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { logInDemoMember } from './demo-login';

/**
 * Where the main thread's time goes while a page loads (issue 32 item 10): the pages of the
 * Lighthouse bench, the CPU slowed 4× as Lighthouse's mobile mode assumes, a V8 CPU profile
 * of the load and the long tasks the page saw. Prints, per page, the long tasks (over 50 ms,
 * what total blocking time counts) and the self time by script and by function. Figures for
 * finding costs, never a test. `npm run build` first; `npx tsx bench/main-thread-profile.ts`.
 * PROFILE_RUNS=n profiles each page n times and sums them (a shared machine is noisy);
 * PROFILE_BASE_URL=http://… profiles a server already running (with the demo data) instead
 * of starting one, e.g. two builds side by side.
 */

const RUNS = Number(process.env.PROFILE_RUNS ?? 1);
const BASE_URL = process.env.PROFILE_BASE_URL;
const PAGES = [
  { path: '/', as: 'visitor' },
  { path: '/members', as: 'member' },
  { path: '/chats', as: 'member' },
  { path: '/', as: 'member' },
] as const;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per key of a node, from the profile's samples and their time deltas. */
function selfTimes(profile: CpuProfile, keyOf: (node: ProfileNode) => string) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const key = keyOf(node);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return totals;
}

const scriptOf = (node: ProfileNode) => {
  const { url, functionName } = node.callFrame;
  if (!url) return `(${functionName || 'native'})`;
  return new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js');
};

function top(totals: Map<string, number>, count: number, runs: number): string[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${(ms / runs).toFixed(1).padStart(8)} ms  ${key}`);
}

/** Records the long tasks from the document's start (a buffered observer misses none). */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }).observe({ type: 'longtask', buffered: true });
  window.__fcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__fcp = Math.round(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
`;

async function profileLoad(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const seen = await page.evaluate(() => ({
    longTasks: (window as unknown as { __longTasks: number[][] }).__longTasks,
    fcp: (window as unknown as { __fcp: number }).__fcp,
  }));
  await page.close();
  return { profile, ...seen };
}

async function main() {
  const server = BASE_URL
    ? { baseUrl: BASE_URL, stop: async () => {} }
    : await startServer({ LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    for (const as of ['visitor', 'member'] as const) {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true });
      await context.addInitScript(LONG_TASKS);
      if (as === 'member') await logInDemoMember(context, server.baseUrl);
      for (const { path } of PAGES.filter((candidate) => candidate.as === as)) {
        const url = `${server.baseUrl}${path}`;
        // A member comes back: the scripts are in the cache, as in the Lighthouse bench.
        if (as === 'member') await (await profileLoad(context, url)).profile;
        const byScript = new Map<string, number>();
        const byFunction = new Map<string, number>();
        const lines: string[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const { profile, longTasks, fcp } = await profileLoad(context, url);
          const add = (into: Map<string, number>, from: Map<string, number>) =>
            from.forEach((ms, key) => into.set(key, (into.get(key) ?? 0) + ms));
          add(byScript, selfTimes(profile, scriptOf));
          add(
            byFunction,
            selfTimes(
              profile,
              (node) =>
                `${node.callFrame.functionName || '(anonymous)'} ${scriptOf(node)}:${node.callFrame.lineNumber}`,
            ),
          );
          const blocking = longTasks.reduce((sum, [, ms]) => sum + Math.max(0, ms! - 50), 0);
          lines.push(
            `  run ${run + 1}: FCP ${fcp} ms, long tasks [start ms, ms] ${JSON.stringify(longTasks)}, blocking ${blocking} ms`,
          );
        }
        console.log(`\n${path} (${as}), CPU 4× slower, ${RUNS} run(s)`);
        console.log(lines.join('\n'));
        console.log('  self time by script (per run):');
        console.log(top(byScript, 12, RUNS).join('\n'));
        console.log('  self time by function (per run):');
        console.log(top(byFunction, 15, RUNS).join('\n'));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
