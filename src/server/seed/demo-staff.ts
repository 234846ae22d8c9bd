import type { Db } from '@server/db/database';
import { createStaff, otpauthUrl } from '@server/features/staff';

/**
 * The demo site's console logins (issue 30 item 1), printed by `npm start` like the demo
 * member. Their TOTP secrets are published here on purpose: a demo, never a real site
 * (SEED_DEMO is off in production). Real staff get a random secret from admin:create.
 */
export const DEMO_STAFF = {
  owner: {
    email: 'owner@amora.example',
    name: 'Demo Owner',
    password: 'amora-owner-2026',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  operator: {
    email: 'operator@amora.example',
    name: 'Demo Operator',
    password: 'amora-operator-2026',
    totpSecret: 'KRUGS4ZANFZSAYLOEBXXAZLSMF2G64RA',
  },
} as const;

/** Creates the demo owner and chat operator once, on a demo site with no staff yet. */
export async function seedDemoStaff(db: Db): Promise<typeof DEMO_STAFF> {
  const existing = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
  if (!existing) {
    await createStaff(db, null, { ...DEMO_STAFF.owner, role: 'owner', sites: 'all' });
    await createStaff(db, null, { ...DEMO_STAFF.operator, role: 'operator', sites: 'all' });
  }
  return DEMO_STAFF;
}

/** The lines `npm start` prints about them. */
export function demoStaffLines(staff: typeof DEMO_STAFF, origin: string): string[] {
  return Object.entries(staff).map(
    ([role, login]) =>
      `  Demo ${role === 'owner' ? 'owner' : 'chat operator'} at ${origin}/admin: ${login.email} / ${login.password}\n` +
      `    TOTP secret ${login.totpSecret} (${otpauthUrl(login.totpSecret, login.email, 'Amora demo')})`,
  );
}
