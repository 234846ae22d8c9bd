import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '../src/contract/staff';
import { loadConfig } from '../src/server/config';
import { ensurePostgresSchema, openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createStaff, otpauthUrl } from '../src/server/features/staff';

/*
 * Creates a staff member, the first owner included (issue 30 item 1; README "The operator
 * console"):
 *   npm run admin:create -- --email you@example.com --role owner [--name "Your Name"]
 *     [--password …] [--sites all|1,2] [--languages nl,en]
 * Prints the TOTP secret (and its otpauth:// URL for the authenticator app) and ten recovery
 * codes, once. Without --password a strong one is made and printed.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'owner' },
    name: { type: 'string' },
    password: { type: 'string' },
    sites: { type: 'string', default: 'all' },
    languages: { type: 'string', default: '' },
  },
});

if (!values.email || !(STAFF_ROLES as readonly string[]).includes(values.role)) {
  console.error(
    `Usage: npm run admin:create -- --email you@example.com --role ${STAFF_ROLES.join('|')} [--name …] [--password …] [--sites all|1,2] [--languages nl,en]`,
  );
  process.exit(2);
}
const password = values.password ?? randomBytes(15).toString('base64url');
if (password.length < 12) {
  console.error('The password needs at least 12 characters.');
  process.exit(2);
}
const sites = values.sites === 'all' ? ('all' as const) : values.sites.split(',').map(Number);
if (sites !== 'all' && sites.some((id) => !Number.isInteger(id) || id <= 0)) {
  console.error('--sites is "all" or a comma-separated list of site ids.');
  process.exit(2);
}

const config = loadConfig();
if (config.DATABASE_URL) await ensurePostgresSchema(config.DATABASE_URL, config.DATABASE_SCHEMA);
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  schema: config.DATABASE_SCHEMA,
  sqlitePath: config.SQLITE_PATH,
});
try {
  await migrateToLatest(database.db, config.DATABASE_URL ? config.DATABASE_SCHEMA : undefined);
  const created = await createStaff(database.db, null, {
    email: values.email,
    name: values.name ?? values.email.split('@')[0]!,
    password,
    role: values.role as StaffRole,
    sites,
    languages: values.languages ? values.languages.split(',') : [],
  });
  console.log(`\n  Staff member ${created.staff.email} (${created.staff.role}) created.`);
  if (!values.password) console.log(`  Password: ${password}`);
  console.log(`  TOTP secret: ${created.totpSecret}`);
  console.log(
    `  Authenticator URL: ${otpauthUrl(created.totpSecret, created.staff.email, 'Amora')}`,
  );
  console.log(`  Recovery codes (each works once; keep them safe):`);
  for (const code of created.recoveryCodes) console.log(`    ${code}`);
  console.log('\n  Log in at /admin on any of the sites this account works on.\n');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.db.destroy();
}
