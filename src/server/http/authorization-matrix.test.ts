import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesCursor } from '@contract/chat';
import {
  ACTORS,
  type Actor,
  type MatrixWorld,
  PASSWORD,
  STAFF_ACTORS,
  type StaffActor,
  createMatrixWorld,
  expectNoForeignPrivateData,
  routesOf,
} from '@server/test/matrix-actors';
import {
  type StaffWorld,
  createStaffWorld,
  expectNoMemberPrivateData,
} from '@server/test/staff-matrix';
import { createMember, createPhoto } from '@server/test/factories';
import { privatePhotoFileName } from '@server/features/photos';
import { localPhotoStorage } from '@server/storage/photo-storage';
import { localExportStorage } from '@server/storage/export-storage';
import { hashToken } from '@server/features/auth';
import { multipartFile, multipartForm } from '@server/test/multipart';
import { createTestApp, updateSiteSettings } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';

/*
 * The authorization matrix (issue 7 §1): every API route × every actor (see matrix-actors.ts),
 * with the status each must get and what the answer may hold. Every answer is also searched
 * for private data of others (e-mail, birth date, password hash, tokens, exact location,
 * others' blocks, locked originals for non-premium viewers). A new route under /api/ fails
 * the first test until it gets its row here.
 */

interface Cell {
  world: MatrixWorld;
  actor: Actor;
  client: TestClient;
  /** Whatever the case's prepare step made for this cell (e.g. a fresh photo id). */
  prepared: Record<string, number>;
}

interface CellRequest {
  url?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Sends the client's cookies but no X-CSRF-Token header, as a cross-site page would. */
  withoutCsrfHeader?: boolean;
}

interface MatrixCase {
  /** Tells cases of one route apart in the test names. */
  label?: string;
  /** Runs before the request of each cell; its result is `cell.prepared`. */
  prepare?: (world: MatrixWorld) => Promise<Record<string, number>>;
  request?: (cell: Cell) => CellRequest | Promise<CellRequest>;
  /** The status per actor; a list where either answer keeps the rule (said why there). */
  status: Record<Actor, number | readonly number[]>;
  /** What the answer (and the data behind it) must look like for this actor. */
  check?: (cell: Cell, response: LightMyRequestResponse) => void | Promise<void>;
  /** Undoes what a cell changed that later rows rely on. */
  cleanUp?: (world: MatrixWorld) => Promise<void>;
}

const all = (status: number): Record<Actor, number> =>
  Object.fromEntries(ACTORS.map((actor) => [actor, status])) as Record<Actor, number>;
/** Members only: a visitor gets 403 authentication_required (spec §8). */
const membersOnly = (status: number): Record<Actor, number> => ({ ...all(status), visitor: 403 });

const ownMember = (cell: Cell) => {
  if (cell.actor === 'visitor') throw new Error('a visitor has no member row');
  return cell.world.members[cell.actor];
};
const idsOf = (profiles: Array<{ id: number }>) => profiles.map((profile) => profile.id);
const db = (cell: Cell | MatrixWorld) => ('world' in cell ? cell.world : cell).t.database.db;
const loggedInName = async (client: TestClient) =>
  (await client.get('/api/user.php')).json().user?.profile.name ?? null;

async function targetPhotoIds(world: MatrixWorld) {
  const rows = await db(world)
    .selectFrom('photos')
    .select('id')
    .where('member_id', '=', world.target.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

async function blockPairs(world: MatrixWorld) {
  const rows = await db(world).selectFrom('blocks').select(['blocker_id', 'blocked_id']).execute();
  return rows.map((row) => `${row.blocker_id}>${row.blocked_id}`).sort();
}

// Through the product, as the member does it: lists kept per site learn of it at once.
const setInvisible = async (world: MatrixWorld, invisible: boolean) => {
  const owner = await world.clientOf('owner');
  expect((await owner.put('/api/invisible.php', { invisible })).statusCode).toBe(200);
};

/** A case asked while the target is invisible (issue 7 §1.7); visible again after it. */
const whileTargetInvisible: Pick<MatrixCase, 'prepare' | 'cleanUp'> = {
  prepare: async (world) => {
    await setInvisible(world, true);
    return {};
  },
  cleanUp: (world) => setInvisible(world, false),
};

/**
 * A case asked with the site's logged-out search settings so (issue 7 §1.7, spec §6); back to
 * what every other case sees after it: logged-out search on, its traffic-source variant off.
 */
const withLoggedOutSearch = (settings: {
  logged_out_search: boolean;
  logged_out_search_trafficsource: boolean;
}): Pick<MatrixCase, 'prepare' | 'cleanUp'> => ({
  prepare: async (world) => {
    await updateSiteSettings(world.t, settings);
    return {};
  },
  cleanUp: (world) =>
    updateSiteSettings(world.t, {
      logged_out_search: true,
      logged_out_search_trafficsource: false,
    }),
});

/** The lb beacon of a hidden page, as a page where the browser says `site` sends it. */
const beaconFrom = (site: 'same-origin' | 'cross-site'): CellRequest => ({
  payload: { path: '/login' },
  headers: { 'sec-fetch-site': site },
  withoutCsrfHeader: true,
});

/**
 * Answers about members that differ per viewer must never sit in a shared cache, or one
 * member's view (with their blocks applied) would be served to another.
 */
const VIEWER_INDEPENDENT = new Set([
  'GET /api/settings.php',
  'GET /api/companyinfo.php',
  'GET /api/interests.php',
  'GET /api/regions.php',
]);

let photo: Buffer;
let emails = 0;
const freshEmail = () => `matrix${++emails}-${Date.now()}@example.com`;

/** Who may see the target in a list of members (spec §1: blocked users cannot view). */
const listShowsTarget = (cell: Cell, profiles: Array<{ id: number }>, shown: boolean) =>
  expect(idsOf(profiles).includes(cell.world.target.id), `target listed for ${cell.actor}`).toBe(
    shown,
  );

/** Likes between the target and every member actor, both ways, all new (issue 8). */
const likeBothWays = async (world: MatrixWorld) => {
  const created_at = new Date().toISOString();
  const others = Object.values(world.members).filter((member) => member.id !== world.target.id);
  await db(world)
    .insertInto('likes')
    .values(
      others.flatMap((member) => [
        { liker_id: member.id, liked_id: world.target.id, source: 'member' as const, created_at },
        { liker_id: world.target.id, liked_id: member.id, source: 'member' as const, created_at },
      ]),
    )
    .execute();
  return {};
};
const clearLikes = async (world: MatrixWorld) => {
  await db(world).deleteFrom('likes').execute();
  await db(world).deleteFrom('swipe_passes').execute();
};
const likePairs = async (world: MatrixWorld | Cell) =>
  (await db(world).selectFrom('likes').select(['liker_id', 'liked_id', 'is_new']).execute()).map(
    (row) => `${row.liker_id}>${row.liked_id}${row.is_new ? ' new' : ''}`,
  );
/** Liking the target: only members who may see her (spec §1); nobody likes themself. */
const likesTarget = { ...membersOnly(200), owner: 400, blocker: 404, blocked: 404 };

/**
 * Chat (issue 9): the target has a conversation with each member actor; a conversation is
 * reached only by its two members, and a block hides it both ways (issue 9 §5).
 */
const chatWithEveryActor = async (world: MatrixWorld) => {
  const conversations: Record<string, number> = {};
  const at = new Date().toISOString();
  for (const [actor, member] of Object.entries(world.members)) {
    if (member.id === world.target.id) continue;
    const pair = [member.id, world.target.id].sort((a, b) => a - b) as [number, number];
    const { id } = await db(world)
      .insertInto('conversations')
      .values({
        site_id: world.t.siteId,
        member_low_id: pair[0],
        member_high_id: pair[1],
        started_by: member.id,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const message = await db(world)
      .insertInto('messages')
      .values({
        conversation_id: id,
        sender_id: member.id,
        recipient_id: world.target.id,
        kind: 'text',
        text: `Hi from ${actor}`,
        gift_id: null,
        photo_storage_key: null,
        photo_state: null,
        client_key: `matrix-${actor}-${id}-key`,
        credits_spent: 5,
        operator_state: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db(world)
      .insertInto('conversation_members')
      .values(
        [
          { member_id: member.id, partner_id: world.target.id },
          { member_id: world.target.id, partner_id: member.id },
        ].map((side) => ({
          ...side,
          conversation_id: id,
          last_message_id: message.id,
          last_message_at: at,
        })),
      )
      .execute();
    conversations[actor] = id;
  }
  return conversations;
};
const clearChats = async (world: MatrixWorld) => {
  await db(world).deleteFrom('messages').execute();
  await db(world).deleteFrom('conversation_members').execute();
  await db(world).deleteFrom('conversations').execute();
  await db(world).updateTable('members').set({ credits: 0 }).execute();
};
/** The free actor's conversation with the target: only those two reach it. */
const onlyFreeAndTarget = { ...membersOnly(404), free: 200, owner: 200 };
const freeConversation = (cell: Cell) => cell.prepared.free!;

function chatRows(): Record<string, MatrixCase[]> {
  const inFreeConversation = (method: 'POST' | 'DELETE'): MatrixCase[] => [
    {
      label: ` (the free actor's conversation, ${method})`,
      prepare: chatWithEveryActor,
      request: (cell) => ({ payload: { conversation: freeConversation(cell) } }),
      status: onlyFreeAndTarget,
      cleanUp: clearChats,
    },
  ];
  return {
    'GET /api/chats.php': [
      {
        prepare: chatWithEveryActor,
        status: membersOnly(200),
        check: (cell, response) => {
          if (cell.actor === 'visitor' || cell.actor === 'owner') return;
          const profiles = response
            .json()
            .chats.map((entry: { profile: { id: number } }) => entry.profile);
          listShowsTarget(cell, profiles, ['free', 'premium', 'other'].includes(cell.actor));
        },
        cleanUp: clearChats,
      },
    ],
    'GET /api/chat.php': [
      {
        label: " (the free actor's conversation)",
        prepare: chatWithEveryActor,
        request: (cell) => ({ url: `/api/chat.php?conversation=${freeConversation(cell)}` }),
        status: onlyFreeAndTarget,
        cleanUp: clearChats,
      },
      {
        label: ' (by the target member)',
        request: ({ world }) => ({ url: `/api/chat.php?member=${world.target.id}` }),
        status: { ...membersOnly(200), owner: 404, blocker: 404, blocked: 404 },
      },
    ],
    'GET /api/chat-messages.php': [
      {
        label: " (the free actor's conversation)",
        prepare: chatWithEveryActor,
        request: (cell) => ({
          url: `/api/chat-messages.php?conversation=${freeConversation(cell)}&before=${messagesCursor.encode({ beforeMessageId: 999_999 })}`,
        }),
        status: onlyFreeAndTarget,
        cleanUp: clearChats,
      },
    ],
    'DELETE /api/chat.php': inFreeConversation('DELETE'),
    'POST /api/chat-read.php': inFreeConversation('POST'),
    'POST /api/chat-typing.php': inFreeConversation('POST'),
    'POST /api/chat-photo.php': [
      {
        label: ' (a photo to the target)',
        prepare: async (world) => {
          await db(world).updateTable('members').set({ credits: 100 }).execute();
          return {};
        },
        request: (cell) =>
          multipartForm(
            {
              to: String(cell.world.target.id),
              client_key: `matrix-photo-${cell.actor}-${Date.now()}`,
            },
            { contents: photo, fileName: 'hi.jpg', contentType: 'image/jpeg' },
          ),
        status: { ...membersOnly(200), owner: 400, blocker: 404, blocked: 404 },
        check: async (cell, response) => {
          const stored = await db(cell).selectFrom('messages').select('kind').execute();
          expect(stored).toEqual(response.statusCode === 200 ? [{ kind: 'photo' }] : []);
        },
        cleanUp: clearChats,
      },
    ],
    'GET /api/chat-photo-file.php': [
      {
        label: ' (a pending photo the free actor sent the target)',
        prepare: async (world) => {
          const conversations = await chatWithEveryActor(world);
          const storageKey = `matrixkey${Date.now()}`;
          const storage = localPhotoStorage(world.t.config.MEDIA_DIR);
          for (const size of ['thumb', 'full'] as const)
            await storage.put(privatePhotoFileName(storageKey, size), photo, 'image/webp');
          const { id } = await db(world)
            .insertInto('messages')
            .values({
              conversation_id: conversations.free!,
              sender_id: world.members.free.id,
              recipient_id: world.target.id,
              kind: 'photo',
              text: null,
              gift_id: null,
              photo_storage_key: storageKey,
              photo_state: 'pending',
              client_key: `matrix-file-${storageKey}`,
              credits_spent: 10,
              operator_state: null,
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { message: id };
        },
        request: (cell) => ({ url: `/api/chat-photo-file.php?message=${cell.prepared.message}` }),
        // The sender sees her own; the recipient only after View; nobody else ever.
        status: { ...membersOnly(404), free: 200 },
        check: (cell, response) => {
          if (response.statusCode === 200)
            expect(response.headers['cache-control']).toBe('private, no-store');
        },
        cleanUp: clearChats,
      },
    ],
    'POST /api/chat-photo-decision.php': [
      {
        label: ' (a photo the target sent the free actor)',
        prepare: async (world) => {
          const conversations = await chatWithEveryActor(world);
          const { id } = await db(world)
            .insertInto('messages')
            .values({
              conversation_id: conversations.free!,
              sender_id: world.target.id,
              recipient_id: world.members.free.id,
              kind: 'photo',
              text: null,
              gift_id: null,
              photo_storage_key: 'matrix-photo-key',
              photo_state: 'pending',
              client_key: 'matrix-photo-client-key',
              credits_spent: 10,
              operator_state: null,
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { message: id };
        },
        request: (cell) => ({ payload: { message: cell.prepared.message, decision: 'view' } }),
        // Only the recipient decides; the sender (owner) and everyone else get not_found.
        status: { ...membersOnly(404), free: 200 },
        cleanUp: clearChats,
      },
    ],
    'POST /api/report.php': [
      {
        label: ' (reports the target)',
        request: ({ world }) => ({ payload: { member: world.target.id, reason: 'spam' } }),
        // Anyone may report a member of the site, blocked or not; nobody reports themself.
        status: { ...membersOnly(200), owner: 404 },
        check: async (cell, response) => {
          const reports = await db(cell).selectFrom('reports').select('reporter_id').execute();
          expect(reports.length).toBe(response.statusCode === 200 ? 1 : 0);
        },
        cleanUp: async (world) => {
          await db(world).deleteFrom('reports').execute();
        },
      },
    ],
    'POST /api/chat-message.php': [
      {
        label: ' (a text to the target)',
        prepare: async (world) => {
          await db(world).updateTable('members').set({ credits: 100 }).execute();
          return {};
        },
        request: (cell) => ({
          payload: {
            kind: 'text',
            to: cell.world.target.id,
            client_key: `matrix-${cell.actor}-${Date.now()}`,
            text: 'Hallo!',
          },
        }),
        status: { ...membersOnly(200), owner: 400, blocker: 404, blocked: 404 },
        check: async (cell, response) => {
          const stored = await db(cell).selectFrom('messages').select('sender_id').execute();
          expect(stored.length).toBe(response.statusCode === 200 ? 1 : 0);
        },
        cleanUp: clearChats,
      },
    ],
  };
}

/** An open order of the target's (issue 10), made as the checkout would. */
async function targetPayment(world: MatrixWorld): Promise<number> {
  const now = new Date().toISOString();
  const row = await db(world)
    .insertInto('payments')
    .values({
      site_id: world.t.siteId,
      member_id: world.target.id,
      bundle_id: 'popular',
      credits: 250,
      currency: 'EUR',
      list_price_cents: 2995,
      discount_cents: 0,
      amount_cents: 2995,
      vat_percent: 21,
      method: 'ideal',
      provider: 'demo',
      status: 'open',
      order_key: `matrix-${now}-${Math.random()}`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A browser's push subscription at a public https address (never sent to: cleaned up). */
const pushSubscriptionOf = (actor: Actor) => ({
  endpoint: `https://93.184.215.14/push/matrix-${actor}`,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

/** Notifications (issue 31 items 4 and 5): each member reads and changes only their own. */
const NOTIFICATION_ROWS: Record<string, MatrixCase[]> = {
  'GET /api/notifications.php': [
    {
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor === 'visitor') return;
        expect(Object.keys(response.json())).toEqual(['mail', 'push', 'email_disabled']);
      },
    },
  ],
  'PUT /api/notifications.php': [
    {
      label: ' (turns news e-mail off)',
      request: () => ({ payload: { mail: { news: false } } }),
      status: membersOnly(200),
      check: async (cell, response) => {
        const rows = await db(cell)
          .selectFrom('notification_preferences')
          .select(['member_id', 'email_off_json'])
          .execute();
        if (cell.actor === 'visitor') return expect(rows).toEqual([]);
        expect(response.json().mail.news).toBe(false);
        expect(rows).toEqual([{ member_id: ownMember(cell).id, email_off_json: '["news"]' }]);
      },
      cleanUp: (world) =>
        db(world)
          .deleteFrom('notification_preferences')
          .execute()
          .then(() => undefined),
    },
  ],
  // Mail systems' routes (issue 31 item 5): no session counts; a link or a secret does.
  'GET /api/unsubscribe.php': [
    {
      label: ' (opening a link changes nothing: to the page)',
      request: () => ({ url: '/api/unsubscribe.php?token=abcdefghijkl.mnopqrstuvwx' }),
      status: all(303),
    },
  ],
  'POST /api/unsubscribe.php': [
    {
      label: ' (a forged link)',
      request: () => ({ url: '/api/unsubscribe.php?token=abcdefghijkl.mnopqrstuvwx' }),
      status: all(400),
      check: (_cell, response) => expect(response.json().error).toBe('link_invalid'),
    },
  ],
  'POST /api/mail-reports.php': [
    {
      label: ' (without the provider’s secret)',
      request: (cell) => ({
        payload: { reports: [{ email: cell.world.target.email, type: 'bounce' }] },
      }),
      status: all(403),
    },
  ],
};

const MATRIX: Record<string, MatrixCase[]> = {
  'GET /api/user.php': [
    {
      status: all(200),
      check: (cell, response) => {
        const { user } = response.json();
        if (cell.actor === 'visitor') expect(user).toBeNull();
        else expect(user.profile.name).toBe(ownMember(cell).name);
      },
    },
  ],
  'POST /api/user.php': [
    {
      label: ' (own credentials; the visitor an unknown address)',
      request: (cell) => ({
        payload:
          cell.actor === 'visitor'
            ? { email: 'nobody-here@example.com', password: PASSWORD }
            : { email: ownMember(cell).email, password: PASSWORD },
      }),
      status: { ...all(200), visitor: 401 },
      check: (cell, response) => {
        if (cell.actor !== 'visitor')
          expect(response.json().user.profile.name).toBe(ownMember(cell).name);
      },
    },
    {
      // spec §7 POST /api/user.php?push=1: attaches a subscription to one's own account and
      // logs nobody in (issue 31 item 4).
      label: ' ?push=1 (a subscription on a public https endpoint)',
      request: (cell) => ({
        url: '/api/user.php?push=1',
        payload: { subscription: pushSubscriptionOf(cell.actor) },
      }),
      status: membersOnly(200),
      check: async (cell) => {
        const rows = await db(cell)
          .selectFrom('push_subscriptions')
          .select(['member_id', 'endpoint'])
          .execute();
        if (cell.actor === 'visitor') {
          expect(rows).toEqual([]);
          expect(await loggedInName(cell.client)).toBeNull();
        } else expect(rows.map((row) => row.member_id)).toEqual([ownMember(cell).id]);
      },
      // Nothing is ever pushed to the matrix's endpoint: the rows go before the next request.
      cleanUp: (world) =>
        db(world)
          .deleteFrom('push_subscriptions')
          .execute()
          .then(() => undefined),
    },
  ],
  ...NOTIFICATION_ROWS,
  'PUT /api/user.php': [
    { request: () => ({ payload: { language: 'en' } }), status: membersOnly(200) },
  ],
  'GET /api/logout.php': [
    {
      label: ' with the X-CSRF-Token header',
      request: ({ client }) => ({ headers: { 'x-csrf-token': client.cookies.get('csrf') ?? '' } }),
      status: all(200),
      check: async ({ client }) => expect(await loggedInName(client)).toBeNull(),
    },
    {
      // issue 7 §1.9: an image tag on any page must not log a member out.
      label: ' without the X-CSRF-Token header',
      request: () => ({ withoutCsrfHeader: true }),
      status: all(403),
      check: async (cell, response) => {
        expect(response.json().error).toBe('csrf_failed');
        if (cell.actor !== 'visitor')
          expect(await loggedInName(cell.client)).toBe(ownMember(cell).name);
      },
    },
  ],
  'POST /api/signup.php': [
    {
      // Signing up is open to anyone; the answer is only about the new account.
      request: () => ({
        payload: {
          email: freshEmail(),
          name: 'Matrix Newcomer',
          password: 'a long passphrase here',
          date_of_birth: '1995-09-09',
        },
      }),
      status: all(200),
      check: (_cell, response) => expect(response.json().user.profile.name).toBe('Matrix Newcomer'),
    },
  ],
  'GET /api/signup-matches.php': [
    {
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor === 'visitor') return;
        // The owner is never her own match; blocks hide the target both ways (spec §1).
        const shown = ['free', 'premium', 'other'].includes(cell.actor);
        listShowsTarget(cell, response.json().profiles, shown);
      },
    },
  ],
  'POST /api/complete-signup.php': [
    {
      // Each member sends their own current values: only their own row can change.
      request: (cell) => {
        if (cell.actor === 'visitor')
          return { payload: { gender: 'male', seeking: 'female', country: 'NL', region: null } };
        const { gender, seeking, country, region } = ownMember(cell);
        return { payload: { gender, seeking, country, region } };
      },
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor !== 'visitor')
          expect(response.json().user.profile.name).toBe(ownMember(cell).name);
      },
    },
  ],
  'POST /api/activation-mail.php': [{ status: { ...membersOnly(409) } }],
  // Issue 31 item 7: the retention offer, deletion and its undo.
  'GET /api/account-deletion.php': [
    {
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor !== 'visitor')
          expect(response.json().offer.invisible).toBe(ownMember(cell).is_invisible === 1);
      },
    },
  ],
  'POST /api/retention-discount.php': [
    {
      request: () => ({ payload: {} }),
      status: membersOnly(200),
      // The code is the asker's own, never another member's.
      check: async (cell, response) => {
        if (cell.actor === 'visitor') return;
        const { code } = response.json().discount;
        const row = await db(cell)
          .selectFrom('discount_codes')
          .select('member_id')
          .where('code', '=', code)
          .executeTakeFirstOrThrow();
        expect(row.member_id).toBe(ownMember(cell).id);
      },
      cleanUp: async (world) => {
        await db(world).deleteFrom('discount_codes').where('code', 'like', 'STAY-%').execute();
      },
    },
  ],
  'POST /api/account-deletion.php': [
    {
      // Only one's own account, and only with its password: a wrong one changes nothing.
      label: ' with a wrong password',
      request: () => ({ payload: { password: 'not anyones password' } }),
      status: all(403),
      check: async (cell, response) => {
        if (cell.actor === 'visitor') return;
        expect(response.json().error).toBe('password_wrong');
        expect(await loggedInName(cell.client)).toBe(ownMember(cell).name);
      },
    },
  ],
  'POST /api/account-restore.php': [
    {
      // As a login: with the own address and password it is the own account (nothing to restore).
      request: (cell) => ({
        payload:
          cell.actor === 'visitor'
            ? { email: 'nobody-here@example.com', password: PASSWORD }
            : { email: ownMember(cell).email, password: PASSWORD },
      }),
      status: { ...all(200), visitor: 401 },
      check: (cell, response) => {
        if (cell.actor !== 'visitor')
          expect(response.json().user.profile.name).toBe(ownMember(cell).name);
      },
    },
  ],
  'GET /api/activate.php': [
    {
      label: ' without a valid token',
      request: () => ({ url: '/api/activate.php?token=not-a-real-token' }),
      status: all(302),
      check: (_cell, response) => expect(response.headers.location).toBe('/activate/error'),
    },
  ],
  'POST /api/reset-password.php': [
    {
      // The forgotten-password form: a visitor asks for the target's address, members for theirs.
      request: (cell) => ({
        payload: {
          email: cell.actor === 'visitor' ? cell.world.target.email : ownMember(cell).email,
        },
      }),
      status: all(200),
      check: (_cell, response) => expect(response.json()).toEqual({ ok: true }),
    },
  ],
  'POST /api/reset-password-do.php': [
    {
      label: ' with a made-up token',
      request: () => ({
        payload: {
          token: 'x'.repeat(32),
          password: 'another long passphrase',
          password_confirmation: 'another long passphrase',
        },
      }),
      status: all(400),
      check: (_cell, response) => expect(response.json().error).toBe('link_invalid'),
    },
  ],
  'GET /api/account.php': [
    {
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor !== 'visitor')
          expect(response.json().account.email).toBe(ownMember(cell).email);
      },
    },
  ],
  'PUT /api/email.php': [
    {
      // Asks for a change of the member's own address; nothing changes before the mail link.
      request: () => ({ payload: { new_email: freshEmail(), password: PASSWORD } }),
      status: membersOnly(200),
    },
  ],
  'POST /api/mail-change-do.php': [
    {
      label: ' with a made-up token',
      request: () => ({ payload: { token: 'x'.repeat(32) } }),
      status: all(400),
      check: (_cell, response) => expect(response.json().error).toBe('link_invalid'),
    },
  ],
  'PUT /api/password.php': [
    {
      // The same password again, so later rows can still log in with it.
      request: () => ({
        payload: {
          current_password: PASSWORD,
          password: PASSWORD,
          password_confirmation: PASSWORD,
        },
      }),
      status: membersOnly(200),
    },
  ],
  'GET /api/profile.php': [
    {
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor !== 'visitor') expect(response.json().profile.id).toBe(ownMember(cell).id);
      },
    },
  ],
  'PUT /api/profile.php': [
    {
      // Each member saves their own profile unchanged; the target's row must stay as it is.
      request: (cell) => {
        const member = cell.actor === 'visitor' ? cell.world.members.free : ownMember(cell);
        return {
          payload: {
            name: member.name,
            gender: member.gender,
            seeking: member.seeking,
            sexuality: member.sexuality,
            hair_color: member.hair_color,
            eye_color: member.eye_color,
            body_type: member.body_type,
            relationship_status: member.relationship_status,
            interests: [],
            country: member.country,
            region: member.region,
            about: member.about,
          },
        };
      },
      status: membersOnly(200),
      check: async (cell, response) => {
        if (cell.actor !== 'visitor') expect(response.json().profile.id).toBe(ownMember(cell).id);
        const target = await db(cell)
          .selectFrom('members')
          .select(['name', 'about', 'region'])
          .where('id', '=', cell.world.target.id)
          .executeTakeFirstOrThrow();
        expect(target).toEqual({ name: 'Matrix Target', about: 'About the target', region: 'NH' });
      },
    },
  ],
  'GET /api/member.php': [
    {
      label: ' of the target (logged_out_search on)',
      request: ({ world }) => ({ url: `/api/member.php?id=${world.target.id}` }),
      // spec §1: the blocked member cannot see the blocker (404, as if missing); the blocker
      // still sees the member they blocked.
      status: { ...all(200), blocked: 404 },
      check: async (cell, response) => {
        if (cell.actor === 'blocked') {
          const missing = await cell.client.get('/api/member.php?id=2000000000');
          expect(response.json()).toEqual(missing.json());
          return;
        }
        const { profile } = response.json();
        expect(profile.id).toBe(cell.world.target.id);
        // spec §6: premium viewers and the member see every photo, others the main one only.
        const unlocked = ['premium', 'owner'].includes(cell.actor);
        const locked = new Map(
          profile.photos.map((p: { id: number; locked: boolean }) => [p.id, p.locked]),
        );
        expect(cell.world.targetPhotos.map((p) => locked.get(p.id))).toEqual([
          false,
          !unlocked,
          !unlocked,
        ]);
        // The viewer's own block state only: true for the blocker, never anything about others.
        if (cell.actor !== 'visitor' && cell.actor !== 'owner')
          expect(profile.blocked_by_viewer).toBe(cell.actor === 'blocker');
      },
    },
    {
      // issue 7 §1.7, spec §6: logged-out visitors see members only when the site allows it.
      label: ' of the target (logged_out_search off)',
      ...withLoggedOutSearch({ logged_out_search: false, logged_out_search_trafficsource: false }),
      request: ({ world }) => ({ url: `/api/member.php?id=${world.target.id}` }),
      status: { ...all(200), visitor: 403, blocked: 404 },
      check: (cell, response) => {
        if (cell.actor === 'visitor')
          expect(response.json()).toEqual({ error: 'authentication_required' });
      },
    },
    {
      // spec §6: the traffic-source variant lets visitors in who came with network or ref.
      label: ' of the target (only the traffic-source variant on, visitor came with ?network)',
      ...withLoggedOutSearch({ logged_out_search: false, logged_out_search_trafficsource: true }),
      request: ({ world }) => ({ url: `/api/member.php?id=${world.target.id}&network=partner` }),
      status: { ...all(200), blocked: 404 },
    },
    {
      // issue 7 §1.7: an invisible member is not reachable by id, except by herself.
      label: ' of the target while she is invisible',
      ...whileTargetInvisible,
      request: ({ world }) => ({ url: `/api/member.php?id=${world.target.id}` }),
      status: { ...all(404), owner: 200 },
    },
    {
      label: ' of an id nobody has',
      request: () => ({ url: '/api/member.php?id=2000000000' }),
      status: all(404),
    },
  ],
  'GET /api/member-landing.php': [
    {
      // issue 25 item 2: the member an ad is for; the one visibleMembers rule: blocks hide
      // her both ways.
      label: ' of the target (logged_out_search on)',
      request: ({ world }) => ({ url: `/api/member-landing.php?id=${world.target.id}` }),
      status: { ...all(200), blocker: 404, blocked: 404 },
      check: async (cell, response) => {
        if (response.statusCode === 404) {
          const missing = await cell.client.get('/api/member-landing.php?id=2000000000');
          expect(response.json()).toEqual(missing.json());
          return;
        }
        const { profile } = response.json();
        expect(profile.id).toBe(cell.world.target.id);
        // Only blurred teasers of the other photos, for every viewer.
        expect(profile.teaser_photos).toHaveLength(cell.world.targetPhotos.length - 1);
      },
    },
    {
      // issue 29 item 6: visitors only where the site lets them see members, as member.php.
      label: ' of the target (logged_out_search off)',
      ...withLoggedOutSearch({ logged_out_search: false, logged_out_search_trafficsource: false }),
      request: ({ world }) => ({ url: `/api/member-landing.php?id=${world.target.id}` }),
      status: { ...all(200), visitor: 403, blocker: 404, blocked: 404 },
    },
    {
      label: ' of the target while she is invisible',
      ...whileTargetInvisible,
      request: ({ world }) => ({ url: `/api/member-landing.php?id=${world.target.id}` }),
      status: all(404),
    },
  ],
  // Payments (issue 10): the target's own order is reachable by her alone.
  'GET /api/bundles.php': [{ status: all(200) }],
  'GET /api/discountcode.php': [
    {
      request: () => ({ url: '/api/discountcode.php?code=NOSUCHCODE' }),
      status: membersOnly(404),
    },
  ],
  'GET /api/payment-quote.php': [
    { request: () => ({ url: '/api/payment-quote.php?bundle=popular' }), status: membersOnly(200) },
  ],
  'POST /api/checkout.php': [
    {
      request: () => ({
        payload: { bundle: 'popular', method: 'ideal', order_key: `matrix-${Date.now()}-order` },
      }),
      status: membersOnly(200),
    },
  ],
  // Nobody in the matrix paid before: there is no order to repeat.
  'POST /api/repeat-order.php': [
    {
      request: () => ({ payload: { order_key: 'matrix-repeat-order-key' } }),
      status: membersOnly(404),
    },
  ],
  'GET /api/payment.php': [
    {
      label: ' (the target’s order)',
      prepare: async (world) => ({ payment: await targetPayment(world) }),
      request: (cell) => ({ url: `/api/payment.php?id=${cell.prepared.payment}` }),
      status: { ...membersOnly(404), owner: 200 },
    },
  ],
  'GET /api/transactions.php': [
    {
      prepare: async (world) => ({ payment: await targetPayment(world) }),
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor === 'visitor') return;
        const ids = idsOf(response.json().transactions);
        expect(ids.includes(cell.prepared.payment!)).toBe(cell.actor === 'owner');
      },
    },
  ],
  // issue 31 item 9: each member reads and sets only their own limit; nobody else's exists here.
  'GET /api/spending-cap.php': [{ status: membersOnly(200) }],
  'PUT /api/spending-cap.php': [
    {
      request: () => ({ payload: { cap_cents: 100_000 } }),
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor !== 'visitor') expect(response.json().cap_cents).toBe(100_000);
      },
    },
  ],
  // issue 23 item 14: each member removes only their own stored details; nothing to leak.
  'DELETE /api/stored-payments.php': [
    {
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor !== 'visitor') expect(response.json()).toEqual({ ok: true });
      },
    },
  ],
  'POST /api/refund.php': [
    {
      label: ' (the target’s open order)',
      prepare: async (world) => ({ payment: await targetPayment(world) }),
      request: (cell) => ({ payload: { payment_id: cell.prepared.payment } }),
      // Only the owner reaches it, and an unpaid order cannot be cancelled.
      status: { ...membersOnly(404), owner: 409 },
    },
  ],
  'POST /api/directdebit.php': [
    {
      request: () => ({
        payload: {
          bundle: 'starter',
          account_holder: 'Matrix Holder',
          iban: 'NL91ABNA0417164300',
          street: 'Keizersgracht',
          house_number: '1',
          zip: '1015 CS',
          city: 'Amsterdam',
          phone: '+31612345678',
          order_key: `matrix-${Date.now()}-direct`,
        },
      }),
      status: membersOnly(200),
    },
  ],
  'POST /api/directdebit-confirm.php': [
    {
      label: ' (a request nobody has)',
      request: () => ({ payload: { request_id: 2_000_000_000, otp: '123456' } }),
      status: membersOnly(404),
    },
  ],
  // A provider's server calls it: no CSRF token, no session, the same answer for everyone.
  'POST /api/payment-webhook.php': [
    {
      request: () => ({ payload: { id: 'tr_forged' } }),
      status: all(200),
    },
  ],
  'POST /api/photos.php': [
    {
      // Uploads always go to the uploader's own profile.
      request: () => ({ ...multipartFile(photo, 'me.jpg', 'image/jpeg') }),
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor !== 'visitor') expect(response.json().profile.id).toBe(ownMember(cell).id);
      },
    },
  ],
  'PUT /api/photos.php': [
    {
      label: ' (the order of the target’s photos)',
      prepare: async (world) => Object.fromEntries((await targetPhotoIds(world)).entries()),
      request: (cell) => ({ payload: { order: Object.values(cell.prepared) } }),
      // Only the owner's own set of photos is a valid order; for anyone else it is not theirs.
      status: { ...membersOnly(400), owner: 200 },
      check: async (cell) =>
        expect(await targetPhotoIds(cell.world)).toEqual(Object.values(cell.prepared)),
    },
  ],
  'DELETE /api/photos.php': [
    {
      label: ' (a photo of the target)',
      prepare: async (world) => {
        const extra = await createPhoto(db(world), world.target.id, { position: 99 });
        return { photoId: extra.id };
      },
      request: (cell) => ({ payload: { id: cell.prepared.photoId } }),
      // Someone else's photo answers as missing.
      status: { ...membersOnly(404), owner: 200 },
      check: async (cell) => {
        const left = await db(cell)
          .selectFrom('photos')
          .select('id')
          .where('id', '=', cell.prepared.photoId!)
          .executeTakeFirst();
        expect(Boolean(left)).toBe(cell.actor !== 'owner');
      },
      cleanUp: async (world) => {
        await db(world)
          .deleteFrom('photos')
          .where('member_id', '=', world.target.id)
          .where('position', '=', 99)
          .execute();
      },
    },
  ],
  'POST /api/block.php': [
    {
      label: ' (blocks the target)',
      request: ({ world }) => ({ payload: { member_id: world.target.id } }),
      // Nobody blocks themself; everyone else may block anyone (spec §1).
      status: { ...membersOnly(200), owner: 404 },
      cleanUp: (world) => world.restoreBlocks(),
    },
  ],
  'DELETE /api/block.php': [
    {
      label: ' (unblocks the target)',
      request: ({ world }) => ({ payload: { member_id: world.target.id } }),
      status: membersOnly(200),
      check: async (cell) => {
        const pairs = await blockPairs(cell.world);
        const { target, members } = cell.world;
        // Only one's own block can be lifted: the target's block of "blocked" always stays.
        expect(pairs).toContain(`${target.id}>${members.blocked.id}`);
        expect(pairs.includes(`${members.blocker.id}>${target.id}`)).toBe(cell.actor !== 'blocker');
      },
      cleanUp: (world) => world.restoreBlocks(),
    },
  ],
  'GET /api/blocks.php': [
    {
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor === 'visitor') return;
        const { target, members } = cell.world;
        // Each member sees only whom they blocked, never who blocked them.
        const expected: Partial<Record<Actor, number[]>> = {
          owner: [members.blocked.id],
          blocker: [target.id],
        };
        expect(idsOf(response.json().blocked)).toEqual(expected[cell.actor] ?? []);
      },
    },
  ],
  'PUT /api/invisible.php': [
    { request: () => ({ payload: { invisible: false } }), status: membersOnly(200) },
  ],
  'GET /api/settings.php': [{ status: all(200) }],
  'GET /api/companyinfo.php': [{ status: all(200) }],
  'GET /api/interests.php': [{ status: all(200) }],
  'GET /api/regions.php': [{ status: all(200) }],
  // Anyone may ask where a point is (signup's prefill, issue 25 item 4): no member data in it.
  'GET /api/geocode.php': [
    {
      request: () => ({ url: '/api/geocode.php?lat=52.37&lon=4.89' }),
      status: all(200),
      check: (_cell, response) => {
        expect(response.json()).toEqual({ geocode: { country: 'NL', region: 'NH' } });
        expect(response.headers['cache-control']).toBe('private, no-store');
      },
    },
  ],
  // A beacon carries no CSRF header: same-origin is what the browser says (issue 25 item 4).
  'POST /api/page-hidden.php': [
    {
      label: ' from the site itself',
      request: () => beaconFrom('same-origin'),
      status: all(200),
      check: (_cell, response) => expect(response.json()).toEqual({ counted: true }),
    },
    {
      label: ' from another site',
      request: () => beaconFrom('cross-site'),
      status: all(403),
    },
  ],
  // Issue 30 item 9: a visitor's session start counts; a member's is no visit (never an error).
  'POST /api/visit.php': [
    {
      request: () => ({ payload: { path: '/landers/gallery', network: 'matrix' } }),
      status: all(200),
      check: (cell, response) =>
        expect(response.json()).toEqual({ counted: cell.actor === 'visitor' }),
    },
    {
      label: ' without the CSRF header',
      request: () => ({ payload: { path: '/' }, withoutCsrfHeader: true }),
      status: all(403),
    },
  ],
  'GET /api/featured.php': [
    {
      label: ' while the target is invisible',
      ...whileTargetInvisible,
      status: all(200),
      check: (cell, response) => listShowsTarget(cell, response.json().profiles, false),
    },
    {
      status: all(200),
      check: (cell, response) => {
        // Whether the owner sees herself in the strip is not an authorization question.
        if (cell.actor === 'owner') return;
        // issue 7 §1.7: blocks apply to every list, in both directions.
        const shown = !['blocker', 'blocked'].includes(cell.actor);
        listShowsTarget(cell, response.json().profiles, shown);
      },
    },
  ],
  'GET /api/lander.php': [
    {
      label: ' while the target is invisible',
      request: () => ({ url: '/api/lander.php?lander=gallery' }),
      ...whileTargetInvisible,
      status: all(200),
      check: (cell, response) => listShowsTarget(cell, response.json().members, false),
    },
    {
      request: () => ({ url: '/api/lander.php?lander=collagelanding' }),
      status: all(200),
      check: (cell, response) => {
        // issue 25 item 1: a lander shows no member to themselves, and blocks hide either way.
        const shown = !['owner', 'blocker', 'blocked'].includes(cell.actor);
        listShowsTarget(cell, response.json().members, shown);
      },
    },
  ],
  'GET /api/search.php': [
    {
      label: ' while the target is invisible',
      ...whileTargetInvisible,
      status: all(200),
      check: (cell, response) => listShowsTarget(cell, response.json().results, false),
    },
    {
      // Visitors may search here (logged_out_search); blocks hide the target both ways.
      request: (cell) => ({ url: `/api/search.php?country=${cell.world.target.country}` }),
      status: all(200),
      check: (cell, response) => {
        const shown = !['owner', 'blocker', 'blocked'].includes(cell.actor);
        listShowsTarget(cell, response.json().results, shown);
      },
    },
  ],
  'GET /api/match-finder.php': [{ status: membersOnly(200) }],
  'PUT /api/match-finder.php': [
    {
      // Every actor seeks women of any age: the target fits unless a block or a rule hides her.
      request: () => ({ payload: { min_age: 18, max_age: 99, seeking: 'female', interests: [] } }),
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor === 'visitor') return;
        const shown = !['owner', 'blocker', 'blocked'].includes(cell.actor);
        listShowsTarget(cell, response.json().results, shown);
      },
    },
  ],
  'POST /api/like.php': [
    {
      label: ' (likes the target)',
      request: ({ world }) => ({ payload: { profile: world.target.id } }),
      status: likesTarget,
      check: async (cell) => {
        const stored = cell.actor !== 'visitor' && likesTarget[cell.actor] === 200;
        const own = cell.actor === 'visitor' ? undefined : ownMember(cell).id;
        expect(await likePairs(cell)).toEqual(stored ? [`${own}>${cell.world.target.id} new`] : []);
      },
      cleanUp: clearLikes,
    },
  ],
  'DELETE /api/like.php': [
    {
      label: ' (unlikes the target)',
      prepare: likeBothWays,
      request: ({ world }) => ({ payload: { profile: world.target.id } }),
      status: membersOnly(200),
      check: async (cell) => {
        // Only one's own like can be taken back: the target's likes all stay.
        const pairs = await likePairs(cell);
        const { target, members } = cell.world;
        for (const member of Object.values(members))
          if (member.id !== target.id) expect(pairs).toContain(`${target.id}>${member.id} new`);
        if (cell.actor !== 'visitor' && cell.actor !== 'owner')
          expect(pairs).not.toContain(`${ownMember(cell).id}>${target.id} new`);
      },
      cleanUp: clearLikes,
    },
  ],
  'GET /api/likes.php': [
    {
      prepare: likeBothWays,
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor === 'visitor') return;
        const answer = response.json();
        // The target likes everyone and is liked by everyone: blocks hide her both ways.
        const shown = ['free', 'premium', 'other'].includes(cell.actor);
        listShowsTarget(cell, answer.profiles, shown);
        listShowsTarget(cell, answer.liked_by, shown);
        listShowsTarget(cell, answer.matches, shown);
      },
      cleanUp: clearLikes,
    },
  ],
  'GET /api/likes-page.php': [
    {
      label: ' (liked-by)',
      prepare: likeBothWays,
      request: () => ({ url: '/api/likes-page.php?type=liked-by' }),
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor === 'visitor') return;
        const shown = ['free', 'premium', 'other'].includes(cell.actor);
        listShowsTarget(cell, response.json().results, shown);
      },
      cleanUp: clearLikes,
    },
  ],
  'POST /api/like-seen.php': [
    {
      label: ' (the target’s like)',
      prepare: likeBothWays,
      request: ({ world }) => ({ payload: { profile: world.target.id } }),
      status: membersOnly(200),
      check: async (cell) => {
        // Only the flag of the target's like of the caller clears; nobody else's.
        const pairs = await likePairs(cell);
        const { target, members } = cell.world;
        for (const [actor, member] of Object.entries(members)) {
          if (member.id === target.id) continue;
          const flag = actor === cell.actor ? '' : ' new';
          expect(pairs).toContain(`${target.id}>${member.id}${flag}`);
          expect(pairs).toContain(`${member.id}>${target.id} new`);
        }
      },
      cleanUp: clearLikes,
    },
  ],
  'GET /api/auto-like.php': [
    {
      // The matrix site has no fictional profiles: an auto-like never comes from a real member.
      status: membersOnly(200),
      check: async (cell, response) => {
        if (cell.actor !== 'visitor') expect(response.json()).toEqual({ profile: null });
        expect(await likePairs(cell)).toEqual([]);
      },
    },
  ],
  'GET /api/swipe-game.php': [
    {
      status: membersOnly(200),
      check: (cell, response) => {
        if (cell.actor === 'visitor' || cell.actor === 'owner') return;
        // Every actor seeks women; the target (most recently active, with photos) comes first
        // unless a block hides her.
        const { profile } = response.json();
        const shown = ['free', 'premium', 'other'].includes(cell.actor);
        expect(profile?.id === cell.world.target.id, `target shown to ${cell.actor}`).toBe(shown);
      },
    },
  ],
  'POST /api/swipe-game.php': [
    {
      label: ' (likes the target)',
      request: ({ world }) => ({ payload: { profile: world.target.id, decision: 'like' } }),
      status: likesTarget,
      check: async (cell) => {
        const stored = cell.actor !== 'visitor' && likesTarget[cell.actor] === 200;
        expect((await likePairs(cell)).length).toBe(stored ? 1 : 0);
      },
      cleanUp: clearLikes,
    },
  ],
  ...chatRows(),
  ...dataExportRows(),
};

/** A member's data export (issue 31 item 8): only ever the member's own. */
function dataExportRows(): Record<string, MatrixCase[]> {
  const token = 'matrix-export-token';
  return {
    'POST /api/data-export.php': [
      {
        label: ' (with the own password)',
        request: () => ({ payload: { password: PASSWORD } }),
        status: membersOnly(200),
        check: async (cell, response) => {
          if (cell.actor === 'visitor') return;
          const row = await db(cell)
            .selectFrom('data_exports')
            .select('member_id')
            .where('id', '=', response.json().export.id)
            .executeTakeFirstOrThrow();
          expect(row.member_id).toBe(ownMember(cell).id);
        },
      },
    ],
    'GET /api/data-export.php': [
      {
        status: membersOnly(200),
        check: async (cell, response) => {
          if (cell.actor === 'visitor') return;
          const latest = response.json().export;
          if (latest)
            expect(
              (
                await db(cell)
                  .selectFrom('data_exports')
                  .select('member_id')
                  .where('id', '=', latest.id)
                  .executeTakeFirstOrThrow()
              ).member_id,
            ).toBe(ownMember(cell).id);
        },
      },
    ],
    'POST /api/data-export-download.php': [
      {
        label: " (the target's export, with its token)",
        prepare: async (world) => {
          const row = await db(world)
            .insertInto('data_exports')
            .values({
              member_id: world.target.id,
              status: 'ready',
              file_name: 'matrix-export.zip',
              token_hash: hashToken(token),
              origin: 'http://localhost',
              requested_at: new Date().toISOString(),
              expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await localExportStorage(world.t.config.EXPORT_DIR).put(
            'matrix-export.zip',
            new Uint8Array([80, 75, 5, 6]),
          );
          return { export: row.id };
        },
        request: (cell) => ({ payload: { id: cell.prepared.export, token } }),
        // The owner is the target; anyone else's session finds no such link.
        status: { ...membersOnly(404), owner: 200 },
        cleanUp: async (world) => {
          await db(world)
            .deleteFrom('data_exports')
            .where('file_name', '=', 'matrix-export.zip')
            .execute();
        },
      },
    ],
  };
}

/*
 * The console's routes (issue 30 item 1) × every actor: the member actors and the visitor,
 * who must all get 403 authentication_required (a member session is no staff session), and
 * the staff actors, who get in by role and site scope or get 403 forbidden.
 */
type AnyActor = Actor | StaffActor;
const ALL_ACTORS: readonly AnyActor[] = [...ACTORS, ...STAFF_ACTORS];
const isStaffActor = (actor: AnyActor): actor is StaffActor =>
  (STAFF_ACTORS as readonly string[]).includes(actor);

interface StaffCell {
  world: MatrixWorld;
  staffWorld: StaffWorld;
  actor: AnyActor;
  client: TestClient;
  prepared: Record<string, number>;
}

interface StaffMatrixCase {
  label?: string;
  prepare?: (world: MatrixWorld, staffWorld: StaffWorld) => Promise<Record<string, number>>;
  request?: (cell: StaffCell) => CellRequest | Promise<CellRequest>;
  status: Record<AnyActor, number | readonly number[]>;
  /** The staff actors a route lets in; everyone else gets 403 with the code that says why. */
  check?: (cell: StaffCell, response: LightMyRequestResponse) => void | Promise<void>;
  cleanUp?: (world: MatrixWorld) => Promise<void>;
  /** Actors whose answer may carry a member's birth date (expectNoMemberPrivateData). */
  birthDatesFor?: readonly AnyActor[];
}

/** A console route for these staff actors: every member, the visitor and the rest get 403. */
const staffOnly = (actors: readonly StaffActor[], status = 200): Record<AnyActor, number> =>
  Object.fromEntries(
    ALL_ACTORS.map((actor) => [
      actor,
      (actors as readonly AnyActor[]).includes(actor) ? status : 403,
    ]),
  ) as Record<AnyActor, number>;
const anyoneAt = (status: number): Record<AnyActor, number> =>
  Object.fromEntries(ALL_ACTORS.map((actor) => [actor, status])) as Record<AnyActor, number>;
const EVERY_ROLE: StaffActor[] = [
  'staff_owner',
  'staff_admin',
  'staff_moderator',
  'staff_operator',
];
const OWNERS: StaffActor[] = ['staff_owner'];
const SITE_STAFF: StaffActor[] = ['staff_owner', 'staff_admin'];

/** The test site as the console reads it, fetched by the owner (the edits send it back). */
async function storedSiteOf(cell: StaffCell) {
  const owner = await cell.staffWorld.clientOf('staff_owner');
  return (await owner.get(`/api/admin/site.php?site=${cell.world.t.siteId}`)).json();
}

/**
 * The inbox's rows (issue 30 item 3): a fictional profile the free actor wrote to (text and
 * a photo), waiting for an operator; made per cell and taken away after it.
 */
const INBOX: StaffActor[] = ['staff_owner', 'staff_admin', 'staff_operator'];
async function waitingForProfile(world: MatrixWorld) {
  const profile = await createMember(db(world), world.t.siteId, {
    name: 'Matrix Fictional',
    is_fictional: 1,
    date_of_birth: '1979-09-19',
  });
  const writer = world.members.free;
  const at = new Date().toISOString();
  const pair = [writer.id, profile.id].sort((a, b) => a - b) as [number, number];
  const { id: conversation } = await db(world)
    .insertInto('conversations')
    .values({
      site_id: world.t.siteId,
      member_low_id: pair[0],
      member_high_id: pair[1],
      started_by: writer.id,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const storageKey = `matrixinbox${Date.now()}`;
  const storage = localPhotoStorage(world.t.config.MEDIA_DIR);
  await storage.put(privatePhotoFileName(storageKey, 'full'), photo, 'image/webp');
  const message = (kind: 'text' | 'photo', key: string) => ({
    conversation_id: conversation,
    sender_id: writer.id,
    recipient_id: profile.id,
    kind,
    text: kind === 'text' ? 'Are you there?' : null,
    gift_id: null,
    photo_storage_key: kind === 'photo' ? storageKey : null,
    photo_state: kind === 'photo' ? ('pending' as const) : null,
    client_key: key,
    credits_spent: 5,
    operator_state: 'waiting' as const,
    created_at: at,
  });
  await db(world)
    .insertInto('messages')
    .values(message('text', `matrix-inbox-${conversation}-1`))
    .execute();
  const { id: photoMessage } = await db(world)
    .insertInto('messages')
    .values(message('photo', `matrix-inbox-${conversation}-2`))
    .returning('id')
    .executeTakeFirstOrThrow();
  await db(world)
    .insertInto('conversation_members')
    .values(
      [
        { member_id: writer.id, partner_id: profile.id },
        { member_id: profile.id, partner_id: writer.id },
      ].map((side) => ({
        ...side,
        conversation_id: conversation,
        last_message_id: photoMessage,
        last_message_at: at,
      })),
    )
    .execute();
  return { conversation, profile: profile.id, photoMessage };
}
const clearInbox = async (world: MatrixWorld) => {
  await db(world).deleteFrom('operator_claims').execute();
  await db(world).deleteFrom('operator_notes').execute();
  await clearChats(world);
  await db(world).deleteFrom('members').where('is_fictional', '=', 1).execute();
};
const inboxCase = (
  request: (cell: StaffCell) => CellRequest | Promise<CellRequest>,
  extra: Partial<StaffMatrixCase> = {},
): StaffMatrixCase[] => [
  {
    label: ' (a member waits for a fictional profile)',
    prepare: waitingForProfile,
    request,
    status: staffOnly(INBOX),
    cleanUp: clearInbox,
    ...extra,
  },
];
/** The actor's own live claim, as the console takes it before answering. */
const claimAsActor = async (cell: StaffCell) => {
  if (!isStaffActor(cell.actor)) return;
  const now = Date.now();
  await db(cell.world)
    .insertInto('operator_claims')
    .values({
      conversation_id: cell.prepared.conversation!,
      site_id: cell.world.t.siteId,
      staff_id: cell.staffWorld.staff[cell.actor].staff.id,
      claimed_at: new Date(now).toISOString(),
      expires_at: new Date(now + 600_000).toISOString(),
    })
    .execute();
};

/**
 * Moderation's rows (issue 30 item 5): a member made per cell (never one of the actors, so
 * the private-data check still guards the actors' own data), with a pending photo and an open
 * report by the free actor; taken away after the cell. Operators are refused like members:
 * the member card shows e-mail and birth date.
 */
const MODERATORS: StaffActor[] = ['staff_owner', 'staff_admin', 'staff_moderator'];
async function moderatedMember(world: MatrixWorld, status = 'active') {
  const member = await createMember(db(world), world.t.siteId, {
    name: 'Matrix Moderated',
    status,
    date_of_birth: '1981-07-13',
  });
  const { id: photo } = await db(world)
    .insertInto('photos')
    .values({
      member_id: member.id,
      storage_key: `matrixpending${member.id}`,
      blurred_storage_key: `matrixpendingblur${member.id}`,
      status: 'pending',
      position: 0,
      width: 600,
      height: 600,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: report } = await db(world)
    .insertInto('reports')
    .values({
      site_id: world.t.siteId,
      reporter_id: world.members.free.id,
      reported_id: member.id,
      message_id: null,
      reason: 'spam',
      note: null,
      excerpt_json: '[]',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { member: member.id, photo, report };
}
const clearModerated = async (world: MatrixWorld) => {
  await db(world).deleteFrom('reports').execute();
  const moderated = db(world)
    .selectFrom('members')
    .select('id')
    .where('name', '=', 'Matrix Moderated');
  await db(world).deleteFrom('photos').where('member_id', 'in', moderated).execute();
  await db(world).deleteFrom('members').where('name', '=', 'Matrix Moderated').execute();
};
const moderationCase = (
  request: (cell: StaffCell) => CellRequest | Promise<CellRequest>,
  extra: Partial<StaffMatrixCase> = {},
): StaffMatrixCase[] => [
  {
    label: ' (a member of site A with a pending photo and an open report)',
    prepare: (world) => moderatedMember(world),
    request,
    status: staffOnly(MODERATORS),
    cleanUp: clearModerated,
    birthDatesFor: MODERATORS,
    ...extra,
  },
];
const statusOfModerated = async (cell: StaffCell) =>
  (
    await db(cell.world)
      .selectFrom('members')
      .select('status')
      .where('id', '=', cell.prepared.member!)
      .executeTakeFirstOrThrow()
  ).status;

/**
 * Fictional profiles (issue 30 item 4): owners and admins of the site only. Each cell gets a
 * profile of its own, taken away after it, and checks the change happened only when allowed.
 */
const PROFILE_MANAGERS: StaffActor[] = ['staff_owner', 'staff_admin'];
const FICTIONAL_FORM = {
  name: 'Matrix Persona',
  gender: 'female',
  seeking: 'male',
  sexuality: null,
  hair_color: null,
  eye_color: null,
  body_type: null,
  relationship_status: null,
  interests: [],
  country: 'NL',
  region: null,
  about: 'Written by the matrix.',
  birth_date: '1988-03-03',
  language: 'en',
  auto_like: true,
};
async function aFictionalProfile(world: MatrixWorld) {
  const profile = await createMember(db(world), world.t.siteId, {
    name: 'Matrix Persona',
    is_fictional: 1,
  });
  const photo = await createPhoto(db(world), profile.id);
  return { profile: profile.id, photo: photo.id };
}
const removeFictional = async (world: MatrixWorld) => {
  await db(world).deleteFrom('members').where('name', '=', 'Matrix Persona').execute();
};
const profileColumns = (cell: StaffCell) =>
  db(cell.world)
    .selectFrom('members')
    .select(['about', 'status'])
    .where('id', '=', cell.prepared.profile!)
    .executeTakeFirstOrThrow();
const fictionalCase = (
  request: (cell: StaffCell) => CellRequest,
  check?: StaffMatrixCase['check'],
): StaffMatrixCase[] => [
  {
    label: ' (a fictional profile of the site)',
    prepare: aFictionalProfile,
    request,
    status: staffOnly(PROFILE_MANAGERS),
    cleanUp: removeFictional,
    ...(check ? { check } : {}),
  },
];

/**
 * The console's codes and payments rows (issue 30 items 7, 8): owners and admins only; a
 * moderator, an operator, the other site's staff and every member get 403.
 */
const BUSINESS: StaffActor[] = ['staff_owner', 'staff_admin'];
const matrixCode = (cell: StaffCell) =>
  `MATRIX${cell.actor
    .replace(/[^a-z]/g, '')
    .slice(0, 8)
    .toUpperCase()}${Date.now().toString(36)}`;
const codeRow = async (world: MatrixWorld) => {
  const { id } = await db(world)
    .insertInto('discount_codes')
    .values({
      site_id: world.t.siteId,
      code: `MATRIXROW${Date.now()}`,
      value_percentage: 10,
      validity: 'many',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { code: id };
};
const inviteRow = async (world: MatrixWorld) => {
  const { id } = await db(world)
    .insertInto('invites')
    .values({
      site_id: world.t.siteId,
      code: `MATRIXINV${Date.now()}`,
      max_uses: 3,
      expires_at: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { invite: id };
};
/** A failed payment of the free member: a refund of it is refund_not_allowed, nothing changed. */
const failedPayment = async (world: MatrixWorld) => {
  const at = new Date().toISOString();
  const { id } = await db(world)
    .insertInto('payments')
    .values({
      site_id: world.t.siteId,
      member_id: world.members.free.id,
      bundle_id: 'starter',
      credits: 50,
      currency: 'EUR',
      list_price_cents: 500,
      discount_cents: 0,
      amount_cents: 500,
      vat_percent: 21,
      discount_code: null,
      method: 'creditcard',
      issuer: null,
      provider: 'demo',
      provider_payment_id: null,
      checkout_url: null,
      status: 'failed',
      order_key: `matrix-${Date.now()}-${Math.random()}`,
      created_at: at,
      updated_at: at,
      fulfilled_at: null,
      refunded_at: null,
      refund_requested_at: null,
      discount_released_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { payment: id };
};
const clearCodes = async (world: MatrixWorld) => {
  await db(world).deleteFrom('discount_codes').where('code', 'like', 'MATRIX%').execute();
  await db(world).deleteFrom('invites').where('code', 'like', 'MATRIX%').execute();
};
const BUSINESS_ROWS: Record<string, StaffMatrixCase[]> = {
  'GET /api/admin/discount-codes.php': [{ status: staffOnly(BUSINESS) }],
  'POST /api/admin/discount-codes.php': [
    {
      request: (cell) => ({
        payload: {
          code: matrixCode(cell),
          country: null,
          user_id: null,
          expires: null,
          value_percentage: 10,
          currency: null,
          minimum_order_value: 0,
          validity: 'many',
          paymentmethods: [],
        },
      }),
      status: staffOnly(BUSINESS),
      check: async (cell, response) => {
        const rows = await db(cell.world)
          .selectFrom('discount_codes')
          .select('id')
          .where('code', 'like', 'MATRIX%')
          .execute();
        expect(rows).toHaveLength(response.statusCode === 200 ? 1 : 0);
      },
      cleanUp: clearCodes,
    },
  ],
  'PUT /api/admin/discount-codes.php': [
    {
      prepare: codeRow,
      request: (cell) => ({ payload: { id: cell.prepared.code, status: 'inactive' } }),
      status: staffOnly(BUSINESS),
      check: async (cell, response) => {
        const row = await db(cell.world)
          .selectFrom('discount_codes')
          .select('status')
          .where('id', '=', cell.prepared.code!)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe(response.statusCode === 200 ? 'inactive' : 'active');
      },
      cleanUp: clearCodes,
    },
  ],
  'GET /api/admin/discount-code-uses.php': [
    {
      prepare: codeRow,
      request: (cell) => ({ url: `/api/admin/discount-code-uses.php?id=${cell.prepared.code}` }),
      status: staffOnly(BUSINESS),
      cleanUp: clearCodes,
    },
  ],
  'GET /api/admin/invites.php': [{ status: staffOnly(BUSINESS) }],
  'POST /api/admin/invites.php': [
    {
      request: (cell) => ({ payload: { code: matrixCode(cell), max_uses: 1, expires: null } }),
      status: staffOnly(BUSINESS),
      check: async (cell, response) => {
        const rows = await db(cell.world)
          .selectFrom('invites')
          .select('id')
          .where('code', 'like', 'MATRIX%')
          .execute();
        expect(rows).toHaveLength(response.statusCode === 200 ? 1 : 0);
      },
      cleanUp: clearCodes,
    },
  ],
  'DELETE /api/admin/invites.php': [
    {
      prepare: inviteRow,
      request: (cell) => ({ payload: { id: cell.prepared.invite } }),
      status: staffOnly(BUSINESS),
      check: async (cell, response) => {
        const row = await db(cell.world)
          .selectFrom('invites')
          .select('expires_at')
          .where('id', '=', cell.prepared.invite!)
          .executeTakeFirstOrThrow();
        expect(row.expires_at !== null).toBe(response.statusCode === 200);
      },
      cleanUp: clearCodes,
    },
  ],
  'GET /api/admin/invite-uses.php': [
    {
      prepare: inviteRow,
      request: (cell) => ({ url: `/api/admin/invite-uses.php?id=${cell.prepared.invite}` }),
      status: staffOnly(BUSINESS),
      cleanUp: clearCodes,
    },
  ],
  'GET /api/admin/payments.php': [
    {
      prepare: failedPayment,
      status: staffOnly(BUSINESS),
      check: (cell, response) => {
        if (response.statusCode !== 200) return;
        const ids = (response.json().payments as Array<{ id: number }>).map((row) => row.id);
        expect(ids).toContain(cell.prepared.payment);
      },
      cleanUp: async (world) => {
        await db(world).deleteFrom('payments').where('order_key', 'like', 'matrix-%').execute();
      },
    },
  ],
  'POST /api/admin/payment-refund.php': [
    {
      label: ' (a failed payment: refund_not_allowed)',
      prepare: failedPayment,
      request: (cell) => ({ payload: { payment: cell.prepared.payment, amount_cents: 500 } }),
      status: staffOnly(BUSINESS, 409),
      check: async (cell) => {
        const row = await db(cell.world)
          .selectFrom('payments')
          .select(['status', 'refund_requested_at'])
          .where('id', '=', cell.prepared.payment!)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'failed', refund_requested_at: null });
      },
      cleanUp: async (world) => {
        await db(world).deleteFrom('payments').where('order_key', 'like', 'matrix-%').execute();
      },
    },
  ],
  'GET /api/admin/credit-debts.php': [{ status: staffOnly(BUSINESS) }],
  'GET /api/admin/member-direct-debit.php': [
    {
      request: (cell) => ({
        url: `/api/admin/member-direct-debit.php?member=${cell.world.members.free.id}`,
      }),
      status: staffOnly(BUSINESS),
    },
  ],
  'PUT /api/admin/member-direct-debit.php': [
    {
      request: (cell) => ({ payload: { member: cell.world.members.free.id, blocked: true } }),
      status: staffOnly(BUSINESS),
      check: async (cell, response) => {
        const row = await db(cell.world)
          .selectFrom('members')
          .select('direct_debit_blocked')
          .where('id', '=', cell.world.members.free.id)
          .executeTakeFirstOrThrow();
        expect(row.direct_debit_blocked).toBe(response.statusCode === 200 ? 1 : 0);
      },
      cleanUp: async (world) => {
        await db(world)
          .updateTable('members')
          .set({ direct_debit_blocked: 0 })
          .where('id', '=', world.members.free.id)
          .execute();
      },
    },
  ],
};

const STAFF_MATRIX: Record<string, StaffMatrixCase[]> = {
  ...BUSINESS_ROWS,
  'GET /api/admin/inbox.php': inboxCase(() => ({}), {
    check: (cell, response) => {
      if (response.statusCode !== 200) return;
      const entries = response.json().entries as Array<{ conversation: number }>;
      expect(entries.map((entry) => entry.conversation)).toEqual([cell.prepared.conversation]);
    },
  }),
  'POST /api/admin/inbox-claim.php': inboxCase((cell) => ({
    payload: { conversation: cell.prepared.conversation },
  })),
  'DELETE /api/admin/inbox-claim.php': inboxCase((cell) => ({
    payload: { conversation: cell.prepared.conversation },
  })),
  'GET /api/admin/inbox-conversation.php': inboxCase((cell) => ({
    url: `/api/admin/inbox-conversation.php?conversation=${cell.prepared.conversation}`,
  })),
  'GET /api/admin/inbox-photo.php': inboxCase((cell) => ({
    url: `/api/admin/inbox-photo.php?message=${cell.prepared.photoMessage}`,
  })),
  'POST /api/admin/inbox-answer.php': inboxCase(
    async (cell) => {
      await claimAsActor(cell);
      return {
        payload: {
          conversation: cell.prepared.conversation,
          client_key: `matrix-answer-${cell.actor}-${Date.now()}`,
          text: 'Yes, I am here!',
        },
      };
    },
    {
      check: async (cell, response) => {
        const answers = await db(cell.world)
          .selectFrom('messages')
          .select('id')
          .where('sender_id', '=', cell.prepared.profile!)
          .execute();
        expect(answers).toHaveLength(response.statusCode === 200 ? 1 : 0);
      },
    },
  ),
  'PUT /api/admin/inbox-note.php': inboxCase((cell) => ({
    payload: { conversation: cell.prepared.conversation, text: 'Likes sailing.' },
  })),
  'GET /api/admin/inbox-figures.php': [{ status: staffOnly(['staff_owner', 'staff_admin']) }],
  'GET /api/admin/inbox-events.php': [
    { request: () => ({ url: '/api/admin/inbox-events.php?once=1' }), status: staffOnly(INBOX) },
  ],
  'GET /api/admin/fictional-profiles.php': [
    {
      prepare: aFictionalProfile,
      status: staffOnly(PROFILE_MANAGERS),
      cleanUp: removeFictional,
      check: (cell, response) => {
        if (response.statusCode !== 200) return;
        const ids = (response.json().profiles as Array<{ id: number }>).map((entry) => entry.id);
        expect(ids).toContain(cell.prepared.profile);
        expect(ids).not.toContain(cell.world.target.id);
      },
    },
  ],
  'POST /api/admin/fictional-profiles.php': [
    {
      request: () => ({ payload: FICTIONAL_FORM }),
      status: staffOnly(PROFILE_MANAGERS),
      check: async (cell, response) => {
        const made = await db(cell.world)
          .selectFrom('members')
          .select('is_fictional')
          .where('name', '=', 'Matrix Persona')
          .execute();
        expect(made).toEqual(response.statusCode === 200 ? [{ is_fictional: 1 }] : []);
      },
      cleanUp: removeFictional,
    },
  ],
  'PUT /api/admin/fictional-profiles.php': fictionalCase(
    (cell) => ({ payload: { ...FICTIONAL_FORM, id: cell.prepared.profile, about: 'Changed.' } }),
    async (cell, response) =>
      expect((await profileColumns(cell)).about).toBe(
        response.statusCode === 200 ? 'Changed.' : '',
      ),
  ),
  'GET /api/admin/fictional-profile.php': fictionalCase((cell) => ({
    url: `/api/admin/fictional-profile.php?id=${cell.prepared.profile}`,
  })),
  'PUT /api/admin/fictional-profile-state.php': fictionalCase(
    (cell) => ({ payload: { id: cell.prepared.profile, state: 'paused' } }),
    async (cell, response) =>
      expect((await profileColumns(cell)).status).toBe(
        response.statusCode === 200 ? 'paused' : 'active',
      ),
  ),
  'POST /api/admin/fictional-photo.php': fictionalCase((cell) => ({
    url: `/api/admin/fictional-photo.php?profile=${cell.prepared.profile}`,
    ...multipartFile(photo, 'persona.jpg', 'image/jpeg'),
  })),
  'DELETE /api/admin/fictional-photo.php': fictionalCase(
    (cell) => ({ payload: { profile: cell.prepared.profile, photo: cell.prepared.photo } }),
    async (cell, response) => {
      const left = await db(cell.world)
        .selectFrom('photos')
        .select('id')
        .where('id', '=', cell.prepared.photo!)
        .execute();
      expect(left).toHaveLength(response.statusCode === 200 ? 0 : 1);
    },
  ),
  'POST /api/admin/login.php': [
    {
      label: ' (an unknown address)',
      request: (cell) => ({
        payload: { email: `nobody-${cell.actor}@example.com`, password: 'guess', code: '000000' },
      }),
      status: anyoneAt(401),
    },
  ],
  'POST /api/admin/logout.php': [{ status: anyoneAt(200) }],
  'GET /api/admin/me.php': [
    {
      status: staffOnly(EVERY_ROLE),
      check: (cell, response) => {
        if (response.statusCode === 200 && isStaffActor(cell.actor))
          expect(response.json().staff.id).toBe(cell.staffWorld.staff[cell.actor].staff.id);
      },
    },
  ],
  'GET /api/admin/staff.php': [{ status: staffOnly(OWNERS) }],
  'POST /api/admin/staff.php': [
    {
      request: (cell) => ({
        payload: {
          email: `created-by-${cell.actor}-${Date.now()}@example.com`,
          name: 'Created',
          password: 'a long enough password',
          role: 'moderator',
          sites: 'all',
        },
      }),
      status: staffOnly(OWNERS),
    },
  ],
  'PUT /api/admin/staff.php': [
    {
      label: ' (the admin’s languages)',
      request: (cell) => ({
        payload: { staff: cell.staffWorld.staff.staff_admin.staff.id, languages: ['nl'] },
      }),
      status: staffOnly(OWNERS),
      check: async (cell, response) => {
        const { languages_json } = await db(cell.world)
          .selectFrom('staff')
          .select('languages_json')
          .where('id', '=', cell.staffWorld.staff.staff_admin.staff.id)
          .executeTakeFirstOrThrow();
        expect(JSON.parse(languages_json)).toEqual(response.statusCode === 200 ? ['nl'] : []);
      },
      cleanUp: async (world) => {
        await db(world).updateTable('staff').set({ languages_json: '[]' }).execute();
      },
    },
  ],
  // Issue 30 items 6 and 9: sites and figures, for owners and the site's admins; what every
  // site shares (a new site, the interests) for owners only. The edits send what is stored, so
  // a cell changes nothing another cell reads.
  'GET /api/admin/sites.php': [{ status: staffOnly(SITE_STAFF) }],
  'POST /api/admin/sites.php': [
    {
      request: (cell) => ({
        payload: {
          domain: `matrix-${cell.actor.replace(/_/g, '-')}.example`,
          name: 'New',
          copy_from: cell.world.t.siteId,
        },
      }),
      status: staffOnly(OWNERS),
    },
  ],
  'GET /api/admin/site.php': [
    {
      request: (cell) => ({ url: `/api/admin/site.php?site=${cell.world.t.siteId}` }),
      status: staffOnly(SITE_STAFF),
    },
  ],
  'PUT /api/admin/site.php': [
    {
      request: async (cell) => ({
        payload: { site: cell.world.t.siteId, settings: (await storedSiteOf(cell)).site.settings },
      }),
      status: staffOnly(SITE_STAFF),
    },
  ],
  'PUT /api/admin/site-domains.php': [
    {
      request: async (cell) => {
        const { site } = await storedSiteOf(cell);
        return { payload: { site: site.id, domain: site.domain, domains: site.domains } };
      },
      status: staffOnly(SITE_STAFF),
    },
  ],
  'PUT /api/admin/site-company.php': [
    {
      request: async (cell) => ({
        payload: { site: cell.world.t.siteId, company: (await storedSiteOf(cell)).company },
      }),
      status: staffOnly(SITE_STAFF),
    },
  ],
  'GET /api/admin/interests.php': [{ status: staffOnly(OWNERS) }],
  'PUT /api/admin/interests.php': [
    {
      request: async (cell) => {
        const rows = await db(cell.world)
          .selectFrom('interests')
          .select(['id', 'key'])
          .orderBy('position')
          .execute();
        return { payload: { interests: rows } };
      },
      status: staffOnly(OWNERS),
    },
  ],
  'GET /api/admin/site-figures.php': [
    {
      request: (cell) => ({
        url: `/api/admin/site-figures.php?site=${cell.world.t.siteId}&from=2026-01-01&to=2026-01-31`,
      }),
      status: staffOnly(SITE_STAFF),
    },
  ],
  'GET /api/admin/audit.php': [
    {
      status: staffOnly(OWNERS),
      check: (cell, response) => {
        if (response.statusCode === 200) expect(response.json().entries.length).toBeGreaterThan(0);
      },
    },
  ],
  'GET /api/admin/members.php': moderationCase(
    async (cell) => {
      const { email } = await db(cell.world)
        .selectFrom('members')
        .select('email')
        .where('id', '=', cell.prepared.member!)
        .executeTakeFirstOrThrow();
      return { url: `/api/admin/members.php?q=${encodeURIComponent(email)}` };
    },
    {
      check: (cell, response) => {
        if (response.statusCode !== 200) return;
        const ids = (response.json().members as Array<{ id: number }>).map((row) => row.id);
        expect(ids).toEqual([cell.prepared.member]);
      },
    },
  ),
  'GET /api/admin/member.php': moderationCase((cell) => ({
    url: `/api/admin/member.php?member=${cell.prepared.member}`,
  })),
  'POST /api/admin/member-ban.php': moderationCase(
    (cell) => ({ payload: { member: cell.prepared.member, reason: 'Matrix ban' } }),
    {
      check: async (cell, response) =>
        expect(await statusOfModerated(cell)).toBe(
          response.statusCode === 200 ? 'banned' : 'active',
        ),
    },
  ),
  'DELETE /api/admin/member-ban.php': moderationCase(
    (cell) => ({ payload: { member: cell.prepared.member } }),
    {
      prepare: (world) => moderatedMember(world, 'banned'),
      check: async (cell, response) =>
        expect(await statusOfModerated(cell)).toBe(
          response.statusCode === 200 ? 'active' : 'banned',
        ),
    },
  ),
  'GET /api/admin/photos.php': moderationCase(() => ({}), {
    check: (cell, response) => {
      if (response.statusCode !== 200) return;
      const ids = (response.json().photos as Array<{ id: number }>).map((photo) => photo.id);
      expect(ids).toContain(cell.prepared.photo);
    },
  }),
  'POST /api/admin/photo-decision.php': moderationCase(
    (cell) => ({ payload: { photo: cell.prepared.photo, decision: 'approve' } }),
    {
      check: async (cell, response) => {
        const { status } = await db(cell.world)
          .selectFrom('photos')
          .select('status')
          .where('id', '=', cell.prepared.photo!)
          .executeTakeFirstOrThrow();
        expect(status).toBe(response.statusCode === 200 ? 'active' : 'pending');
      },
    },
  ),
  'GET /api/admin/reports.php': moderationCase(() => ({}), {
    check: (cell, response) => {
      if (response.statusCode !== 200) return;
      const ids = (response.json().reports as Array<{ id: number }>).map((report) => report.id);
      expect(ids).toEqual([cell.prepared.report]);
    },
  }),
  'POST /api/admin/report-resolution.php': moderationCase(
    (cell) => ({ payload: { report: cell.prepared.report, resolution: 'dismissed' } }),
    {
      check: async (cell, response) => {
        const { status } = await db(cell.world)
          .selectFrom('reports')
          .select('status')
          .where('id', '=', cell.prepared.report!)
          .executeTakeFirstOrThrow();
        expect(status).toBe(response.statusCode === 200 ? 'resolved' : 'open');
      },
    },
  ),
};

describe('authorization matrix of the console (issue 30 item 1)', () => {
  for (const [route, cases] of Object.entries(STAFF_MATRIX)) {
    for (const matrixCase of cases) {
      for (const actor of ALL_ACTORS) {
        const status = matrixCase.status[actor];
        const statuses = typeof status === 'number' ? [status] : status;
        it(`${route}${matrixCase.label ?? ''} as ${actor} → ${statuses.join(' or ')}`, async () => {
          const prepared = (await matrixCase.prepare?.(world, staffWorld)) ?? {};
          try {
            const client = isStaffActor(actor)
              ? await staffWorld.clientOf(actor)
              : await world.clientOf(actor);
            if (!client.cookies.has('csrf')) await client.get('/api/settings.php');
            const cell: StaffCell = { world, staffWorld, actor, client, prepared };
            const response = await send(cell, route, (await matrixCase.request?.(cell)) ?? {});
            expect(statuses, `status (answer: ${response.body.slice(0, 200)})`).toContain(
              response.statusCode,
            );
            if (response.statusCode === 403)
              expect(response.json().error).toBe(
                isStaffActor(actor) ? 'forbidden' : 'authentication_required',
              );
            expectNoMemberPrivateData(world, response, {
              birthDates: matrixCase.birthDatesFor?.includes(actor),
            });
            expect(String(response.headers['cache-control'] ?? '')).not.toContain('public');
            await matrixCase.check?.(cell, response);
          } finally {
            await matrixCase.cleanUp?.(world);
          }
        });
      }
    }
  }
});

async function send(cell: Pick<Cell, 'client' | 'world'>, route: string, request: CellRequest) {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const url = request.url ?? path;
  if (request.withoutCsrfHeader) {
    const cookie = [...cell.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return cell.world.t.app.inject({
      method,
      url,
      remoteAddress: cell.client.remoteAddress,
      headers: { host: 'localhost', ...(cookie ? { cookie } : {}), ...request.headers },
      ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
    });
  }
  // A body on every state change, as the web client sends one ({} when it has nothing).
  const payload = request.payload ?? (method === 'GET' ? undefined : {});
  return cell.client.request(method, url, payload, request.headers);
}

let world: MatrixWorld;
let staffWorld: StaffWorld;
let close: () => Promise<void>;
beforeAll(async () => {
  const t = await createTestApp();
  close = t.close;
  world = await createMatrixWorld(t);
  staffWorld = await createStaffWorld(world);
  photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => close());

describe('authorization matrix (issue 7 §1)', () => {
  it('lists every /api/ route of the running app, and no route it does not have', () => {
    const routes = routesOf(world.t.app).filter((route) =>
      route.split(' ')[1]!.startsWith('/api/'),
    );
    // Guards the parser: a route tree it could not read must not pass as "nothing to list".
    expect(routes).toContain('GET /api/user.php');
    const missing = routes.filter((route) => !(route in MATRIX) && !(route in STAFF_MATRIX));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    const rows = [...Object.keys(MATRIX), ...Object.keys(STAFF_MATRIX)];
    expect(rows.filter((route) => !routes.includes(route))).toEqual([]);
    // issue 30 item 1: every console route has a row in the staff matrix, so every role
    // and a member's session are asked of it.
    expect(Object.keys(MATRIX).filter((route) => route.includes('/api/admin/'))).toEqual([]);
  });

  it('has a private-data check that finds what it looks for', () => {
    const { target, targetPhotos } = world;
    const answer = (value: unknown) => ({ body: JSON.stringify(value) }) as LightMyRequestResponse;
    const leaks = (actor: Actor, value: unknown) => () =>
      expectNoForeignPrivateData(world, actor, answer(value));
    for (const value of [
      { name: target.email },
      { note: `born ${target.date_of_birth}` },
      { hash: target.password_hash },
      { photo: `/media/${targetPhotos[1]!.storage_key}-full.webp` },
      { blocked_by_target: true },
      { location: { lat: 52.37, lon: 4.9 } },
    ])
      expect(leaks('free', value), JSON.stringify(value)).toThrow();
    // Premium viewers and the owner may see the originals; the owner her own e-mail.
    expect(leaks('premium', { photo: targetPhotos[1]!.storage_key })).not.toThrow();
    expect(leaks('owner', { email: target.email })).not.toThrow();
  });

  for (const [route, cases] of Object.entries(MATRIX)) {
    for (const matrixCase of cases) {
      for (const actor of ACTORS) {
        const status = matrixCase.status[actor];
        const statuses = typeof status === 'number' ? [status] : status;
        it(`${route}${matrixCase.label ?? ''} as ${actor} → ${statuses.join(' or ')}`, async () => {
          const prepared = (await matrixCase.prepare?.(world)) ?? {};
          try {
            const client = await world.clientOf(actor);
            // The CSRF cookie first, so a request can echo it as the web client does.
            if (!client.cookies.has('csrf')) await client.get('/api/settings.php');
            const cell: Cell = { world, actor, client, prepared };
            const response = await send(cell, route, (await matrixCase.request?.(cell)) ?? {});
            expect(statuses, `status (answer: ${response.body.slice(0, 200)})`).toContain(
              response.statusCode,
            );
            expectNoForeignPrivateData(world, actor, response);
            if (actor !== 'visitor' && !VIEWER_INDEPENDENT.has(route))
              expect(String(response.headers['cache-control'] ?? '')).not.toContain('public');
            await matrixCase.check?.(cell, response);
          } finally {
            await matrixCase.cleanUp?.(world);
          }
        });
      }
    }
  }
});
