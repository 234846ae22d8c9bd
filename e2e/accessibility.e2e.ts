import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE, launchBrowser } from './support/browser';
import { openPage } from './support/page-helpers';

// axe-core runs inside the page from its npm package (nothing is downloaded).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ROUTES = ['/', '/login', '/signup', '/reset-password', '/pages/faq', '/pricing', '/no-such-page', '/members/3'];

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[] }>;
}

describe('accessibility (DESIGN.md §6: no serious axe-core violation)', () => {
  for (const route of ROUTES) {
    it(`${route} has no serious or critical violation`, async () => {
      const { page, context } = await openPage(browser, baseUrl, PHONE);
      await page.goto(route, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
        const result = await axe.run();
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
      });
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious).toEqual([]);
      await context.close();
    });
  }
});
