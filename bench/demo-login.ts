import type { BrowserContext } from 'playwright-core';

/** The demo member of the demo data every bench server seeds. */
export const DEMO_MEMBER = { email: 'demo@amora.example', password: 'amora-demo-2026' };

/** Logs the demo member in as the login form does (the CSRF cookie echoed in its header). */
export async function logInDemoMember(context: BrowserContext, baseUrl: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  const csrf = (await context.cookies()).find((cookie) => cookie.name.endsWith('csrf'));
  const response = await page.request.post(`${baseUrl}/api/user.php`, {
    headers: { 'x-csrf-token': csrf?.value ?? '' },
    data: DEMO_MEMBER,
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()}`);
  await page.close();
}
