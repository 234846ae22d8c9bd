import { buildApp } from './app';
import { listenHostOf, loadConfig } from './config';
import { ensurePostgresSchema, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { demoStaffLines, seedDemoStaff } from './seed/demo-staff';
import { seedOnFirstStart } from './seed/seed-on-first-start';

// The entry point only reads configuration, starts and stops (STYLE.md §4).
const config = loadConfig();
if (config.DATABASE_URL) await ensurePostgresSchema(config.DATABASE_URL, config.DATABASE_SCHEMA);
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  schema: config.DATABASE_SCHEMA,
  sqlitePath: config.SQLITE_PATH,
});
await migrateToLatest(database.db, config.DATABASE_URL ? config.DATABASE_SCHEMA : undefined);
const app = await buildApp({ config, database });
const demo = await seedOnFirstStart(database.db, config, app.log);
// The console's demo logins (issue 30 item 1), on the demo site only.
const demoStaff = demo ? await seedDemoStaff(database.db) : undefined;

await app.listen({ host: listenHostOf(config), port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
console.log(`\n  Dating app running at http://localhost:${port}\n`);
if (demo) console.log(`  Demo member: ${demo.email} / password: ${demo.password}\n`);
if (demoStaff) console.log(`${demoStaffLines(demoStaff, `http://localhost:${port}`).join('\n')}\n`);

let closing = false;
async function shutDown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop accepting connections, let in-flight requests finish, then close the database.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));
