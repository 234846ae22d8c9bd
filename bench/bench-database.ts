import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DatabaseHandle,
  dropPostgresSchema,
  ensurePostgresSchema,
  openDatabase,
} from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { hashPassword } from '@server/features/auth';
import { seedDemoSite } from '@server/seed/demo-site';
import { BENCH_PASSWORD, isLoggable, seedMembers } from './seed-members';

export type Dialect = 'sqlite' | 'postgres';

/** A seeded database the app is then started on, and what the bench needs to know of it. */
export interface BenchDatabase {
  /** The app's environment for this database (SQLITE_PATH, or DATABASE_URL and the schema). */
  env: Record<string, string>;
  /** Members one can log in as (not fictional, disabled or invisible), by id. */
  loggable: Array<{ id: number; email: string }>;
  /** Members whose profile can be opened. */
  visibleIds: number[];
  /** Seconds the seeding took (0 when an earlier run's database was reused). */
  seedSeconds: number;
  drop(): Promise<void>;
}

interface Where {
  sqlitePath: string;
  schema: string;
}

function open(dialect: Dialect, where: Where): DatabaseHandle {
  return openDatabase({
    databaseUrl: dialect === 'postgres' ? process.env.DATABASE_URL : undefined,
    schema: where.schema,
    sqlitePath: where.sqlitePath,
  });
}

async function describe(handle: DatabaseHandle) {
  const rows = await handle.db
    .selectFrom('members')
    .select(['id', 'email', 'is_invisible', 'profile_status'])
    .execute();
  const numberOf = (email: string) => Number(/^bench(\d+)@/.exec(email)?.[1] ?? 0);
  return {
    loggable: rows
      .filter((row) => isLoggable(numberOf(row.email)))
      .map(({ id, email }) => ({ id, email })),
    visibleIds: rows
      .filter((row) => !row.is_invisible && row.profile_status === 'enabled')
      .map((row) => row.id),
  };
}

async function seedInto(handle: DatabaseHandle, count: number, likesPerMember: number) {
  const { siteId } = await seedDemoSite(handle.db);
  const started = performance.now();
  await seedMembers(handle, {
    siteId,
    count,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    likesPerMember,
  });
  return (performance.now() - started) / 1000;
}

function envOf(dialect: Dialect, where: Where, mediaDir: string): Record<string, string> {
  return dialect === 'sqlite'
    ? { SQLITE_PATH: where.sqlitePath, MEDIA_DIR: mediaDir }
    : {
        DATABASE_URL: process.env.DATABASE_URL!,
        DATABASE_SCHEMA: where.schema,
        MEDIA_DIR: mediaDir,
        ...(process.env.REDIS_URL
          ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `${where.schema}:` }
          : {}),
      };
}

/** A fresh database of `count` members for the mix, removed by drop(). */
export async function freshDatabase(dialect: Dialect, count: number): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-mix-'));
  const where = {
    sqlitePath: join(dir, 'app.sqlite'),
    schema: `bench_mix_${randomBytes(4).toString('hex')}`,
  };
  if (dialect === 'postgres') await ensurePostgresSchema(process.env.DATABASE_URL!, where.schema);
  const handle = open(dialect, where);
  await migrateToLatest(handle.db, dialect === 'postgres' ? where.schema : undefined);
  const seedSeconds = await seedInto(handle, count, 5);
  const described = await describe(handle);
  await handle.db.destroy();
  return {
    env: envOf(dialect, where, join(dir, 'media')),
    ...described,
    seedSeconds,
    async drop() {
      if (dialect === 'postgres') await dropPostgresSchema(process.env.DATABASE_URL!, where.schema);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The search part's database of `count` members, kept between runs (seeding 1,000,000 takes
 * minutes): /tmp/bench-search-<count>.sqlite, or the schema bench_search_<count>. BENCH_RESEED=1
 * seeds it again. drop() keeps it.
 */
export async function keptDatabase(dialect: Dialect, count: number): Promise<BenchDatabase> {
  const where = {
    sqlitePath: join(tmpdir(), `bench-search-${count}.sqlite`),
    schema: `bench_search_${count}`,
  };
  const reseed = process.env.BENCH_RESEED === '1';
  if (dialect === 'postgres') {
    if (reseed) await dropPostgresSchema(process.env.DATABASE_URL!, where.schema);
    await ensurePostgresSchema(process.env.DATABASE_URL!, where.schema);
  } else if (reseed || !existsSync(where.sqlitePath)) {
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(`${where.sqlitePath}${suffix}`, { force: true });
  }
  const handle = open(dialect, where);
  await migrateToLatest(handle.db, dialect === 'postgres' ? where.schema : undefined);
  const seeded = await handle.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  let seedSeconds = 0;
  if (Number(seeded.count) !== count) {
    if (Number(seeded.count) > 0)
      throw new Error(
        `${where.sqlitePath} / ${where.schema} is half seeded: run with BENCH_RESEED=1`,
      );
    seedSeconds = await seedInto(handle, count, 1);
  }
  const described = await describe(handle);
  await handle.db.destroy();
  return {
    env: envOf(dialect, where, join(tmpdir(), 'bench-search-media')),
    ...described,
    seedSeconds,
    drop: async () => undefined,
  };
}
