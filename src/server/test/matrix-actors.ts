import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { MemberRow, PhotoRow } from '@server/db/schema';
import { createMember, createPhoto } from './factories';
import type { TestApp } from './test-app';
import { TestClient } from './test-client';

/**
 * The actors of the authorization matrix (issue 7 §1). All of them look at one target member:
 * - visitor: not logged in;
 * - free, premium: members with no relation to the target (premium = paid_user);
 * - owner: the target themself (own profile, own photos);
 * - other: a free member who tries to reach the owner's resources by their ids;
 * - blocker: a member who blocked the target;
 * - blocked: a member the target blocked, asking about the target (their blocker).
 */
export const ACTORS = [
  'visitor',
  'free',
  'premium',
  'owner',
  'other',
  'blocker',
  'blocked',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * The console's actors (issue 30 item 1), each logged in with a staff session only: an owner,
 * an admin, a moderator and a chat operator of every site, and a moderator of another site.
 */
export const STAFF_ACTORS = [
  'staff_owner',
  'staff_admin',
  'staff_moderator',
  'staff_operator',
  'staff_other_site',
] as const;
export type StaffActor = (typeof STAFF_ACTORS)[number];
export type MemberActor = Exclude<Actor, 'visitor'>;

export const PASSWORD = 'correct horse battery';

export interface MatrixWorld {
  t: TestApp;
  /** The member whose profile, photos and blocks the actors try to reach. */
  target: MemberRow;
  members: Record<MemberActor, MemberRow>;
  /** The target's photos by position: the first is the main photo, the others are locked. */
  targetPhotos: PhotoRow[];
  /** The actor's browser, logged in as that actor (a fresh, logged-out one for the visitor). */
  clientOf(actor: Actor): Promise<TestClient>;
  /** Cookie values (session, device) of every member actor's browser but this actor's. */
  cookiesOfOthers(actor: Actor): string[];
  /** Puts the blocks back as they were set up: blocker → target and target → blocked. */
  restoreBlocks(): Promise<void>;
}

/**
 * Seeds the target and one member per actor. Every actor seeks women in the target's country,
 * so the target (a woman with photos) is a candidate in each of their lists unless a block or
 * a rule keeps her out. Birth dates are unusual so a leaked one is found by its text.
 */
export async function createMatrixWorld(t: TestApp): Promise<MatrixWorld> {
  const db = t.database.db;
  const target = await createMember(db, t.siteId, {
    name: 'Matrix Target',
    gender: 'female',
    seeking: 'male',
    date_of_birth: '1977-07-13',
    about: 'About the target',
    paid_user: 1,
    // Most recently active of all, so every list of recent members has room for her.
    last_active_at: '2999-01-01T00:00:00.000Z',
  });
  const member = (name: string, date_of_birth: string, paid = false) =>
    createMember(db, t.siteId, {
      name,
      gender: 'male',
      seeking: 'female',
      date_of_birth,
      paid_user: paid ? 1 : 0,
    });
  const members: Record<MemberActor, MemberRow> = {
    free: await member('Matrix Free', '1981-01-21'),
    premium: await member('Matrix Premium', '1982-02-22', true),
    owner: target,
    other: await member('Matrix Other', '1983-03-23'),
    blocker: await member('Matrix Blocker', '1984-04-24'),
    blocked: await member('Matrix Blocked', '1985-05-25'),
  };
  const targetPhotos = [
    await createPhoto(db, target.id, { position: 0 }),
    await createPhoto(db, target.id, { position: 1 }),
    await createPhoto(db, target.id, { position: 2 }),
  ];

  const restoreBlocks = async () => {
    await db.deleteFrom('blocks').execute();
    const created_at = new Date().toISOString();
    await db
      .insertInto('blocks')
      .values([
        { blocker_id: members.blocker.id, blocked_id: target.id, created_at },
        { blocker_id: target.id, blocked_id: members.blocked.id, created_at },
      ])
      .execute();
  };
  await restoreBlocks();

  // One browser per member actor, kept between requests like a real one. Some rows log it
  // out, sign up another account in it or end its sessions: it logs in again when needed.
  const browsers = new Map<MemberActor, TestClient>();
  const clientOf = async (actor: Actor) => {
    if (actor === 'visitor') return new TestClient(t.app);
    const own = members[actor];
    const client = browsers.get(actor) ?? new TestClient(t.app);
    browsers.set(actor, client);
    const { user } = (await client.get('/api/user.php')).json();
    if (user?.profile?.name !== own.name) {
      const login = await client.post('/api/user.php', { email: own.email, password: PASSWORD });
      expect(login.statusCode, `log in as ${actor}`).toBe(200);
    }
    return client;
  };

  const cookiesOfOthers = (actor: Actor) =>
    [...browsers]
      .filter(([owner]) => owner !== actor)
      .flatMap(([, client]) => [...client.cookies.values()]);

  return { t, target, members, targetPhotos, clientOf, cookiesOfOthers, restoreBlocks };
}

/**
 * Every route the running app answers, as "METHOD /path", read from Fastify's own route
 * tree (printRoutes), so nothing is listed by hand. HEAD routes are left out: Fastify adds
 * one for each GET and answers it like the GET, without a body.
 */
export function routesOf(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    // "│   └── /:id (GET, HEAD)": the indentation gives the depth, a child adds to its parent.
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    parents.length = match[1]!.length / 4;
    parents.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? [])
      if (method !== 'HEAD') routes.push(`${method} ${parents.join('')}`);
  }
  return routes;
}

/** Keys that never belong in an answer: secrets, birth dates, exact places, others' blocks. */
const FORBIDDEN_KEY =
  /^(password|password_hash|current_password|password_confirmation|date_of_birth|token|token_hash|session|sid|csrf|idempotency_key|latitude|longitude|lat|lon|lng|ip|blocker_id|blocked_id)$/i;
/** The only block state an answer may carry is the viewer's own: these keys say that. */
const OWN_BLOCK_KEYS = new Set(['blocked_by_viewer', 'blocked', 'blocked_at']);

function walk(value: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(value)) for (const item of value) walk(item, visit);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      visit(key, child);
      walk(child, visit);
    }
  }
}

/**
 * Asserts that an answer to `actor` carries nothing private of anyone else (issue 7 §1): no
 * e-mail address, birth date, password hash or token of another member, no exact location,
 * no block state but the viewer's own, and for viewers who are neither premium nor the owner
 * no address of the target's locked originals (spec §6: they see blurred copies).
 */
export function expectNoForeignPrivateData(
  world: MatrixWorld,
  actor: Actor,
  response: LightMyRequestResponse,
): void {
  const own = actor === 'visitor' ? null : world.members[actor];
  const body = response.body;
  const everyone = [...new Set(Object.values(world.members))];
  const leaks: string[] = [];
  for (const member of everyone) {
    if (member.password_hash && body.includes(member.password_hash))
      leaks.push(`password hash of ${member.name}`);
    if (member.id === own?.id) continue;
    if (body.includes(member.email)) leaks.push(`e-mail of ${member.name}`);
    if (body.includes(member.date_of_birth)) leaks.push(`birth date of ${member.name}`);
  }
  if (body.includes('$argon2')) leaks.push('a password hash');
  for (const cookie of world.cookiesOfOthers(actor))
    if (cookie.length >= 16 && body.includes(cookie)) leaks.push('a cookie of another browser');
  if (actor !== 'premium' && actor !== 'owner') {
    for (const photo of world.targetPhotos.slice(1))
      if (body.includes(photo.storage_key)) leaks.push(`locked original of photo ${photo.id}`);
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  walk(json, (key, value) => {
    if (FORBIDDEN_KEY.test(key)) leaks.push(`key ${key}`);
    if (/block/i.test(key) && !OWN_BLOCK_KEYS.has(key)) leaks.push(`key ${key}`);
    if (key === 'email' && value !== own?.email) leaks.push(`e-mail ${String(value)}`);
  });
  expect(leaks, `private data in the answer to ${actor}`).toEqual([]);
}
