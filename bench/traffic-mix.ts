import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Endpoint } from '@contract/endpoint';
import { authApi } from '@contract/endpoints/auth';
import { chatApi } from '@contract/endpoints/chat';
import { likesApi } from '@contract/endpoints/likes';
import { membersApi } from '@contract/endpoints/members';
import { profilesApi } from '@contract/endpoints/profiles';
import { settingsApi } from '@contract/endpoints/settings';
import type { BenchMember } from './bench-members';
import { BENCH_COUNTRIES } from './seed-members';

/** One HTTP call a member's browser makes. */
export interface Call {
  method: Endpoint['method'];
  /** The path with its query string. */
  path: string;
  body?: string;
}

/** A kind of call in the mix: what the web client calls, and how often. */
export interface Action {
  /** "GET /api/user.php": the endpoint's method and path. */
  name: string;
  endpoint: Endpoint;
  /** Calls of this kind among 100 of the mix. */
  weight: number;
  call(member: BenchMember, world: World): Call;
  /** Reads the answer (decoded JSON text), when a next call depends on it (search's next page). */
  read?(member: BenchMember, body: string): void;
}

/** What the simulated members share: who is online, who can be seen, texts in flight. */
export interface World {
  online: BenchMember[];
  /** Members whose profile a member can open (not fictional-only: all visible ones). */
  visibleIds: number[];
  /** Text → when it was sent, until a socket delivers it. */
  inFlight: Map<string, number>;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** Random filters as a person sets them on the search page (spec §2 search). */
function randomSearch(): string {
  const query = new URLSearchParams();
  if (Math.random() < 0.9) query.set('gender', Math.random() < 0.5 ? 'female' : 'male');
  if (Math.random() < 0.7) query.set('country', pick(BENCH_COUNTRIES));
  if (Math.random() < 0.6) {
    const min = 18 + Math.floor(Math.random() * 40);
    query.set('min_age', String(min));
    query.set('max_age', String(min + 5 + Math.floor(Math.random() * 20)));
  }
  return query.toString();
}

let sent = 0;

/**
 * The mix (weights sum to 100). The web client polls user.php, chats.php and likes.php every
 * 60 s while a tab is open (spec §4, §9) and reloads chats after each message: the polls are
 * the base. Navigation adds search pages (a third of them "show more", by cursor) and profile
 * views; settings.php is read once per page load; sends are rarer than reads. Each send is a
 * text to another online member, delivered to their socket.
 */
export const ACTIONS: Action[] = [
  action(authApi.user, 20, () => ''),
  action(chatApi.chats, 20, () => ''),
  action(likesApi.likes, 15, () => ''),
  {
    ...action(membersApi.search, 15, (member) => {
      const previous = member.search;
      if (previous?.cursor && Math.random() < 1 / 3)
        return `?${previous.query}&cursor=${encodeURIComponent(previous.cursor)}`;
      member.search = { query: randomSearch(), cursor: null };
      return `?${member.search.query}`;
    }),
    read(member, body) {
      if (!member.search) return;
      try {
        member.search.cursor = (JSON.parse(body) as { next_cursor: string | null }).next_cursor;
      } catch {
        member.search.cursor = null; // an error answer: the next search starts over
      }
    },
  },
  action(profilesApi.member, 15, (_member, world) => `?id=${pick(world.visibleIds)}`),
  action(
    chatApi.send,
    8,
    () => '',
    (member, world) => {
      let to = pick(world.online);
      if (to.id === member.id)
        to = world.online[(world.online.indexOf(to) + 1) % world.online.length]!;
      const text = `mix ${(sent += 1)}`;
      world.inFlight.set(text, performance.now());
      return JSON.stringify({
        kind: 'text',
        to: to.id,
        client_key: randomBytes(12).toString('base64url'),
        text,
      });
    },
  ),
  action(settingsApi.settings, 7, () => ''),
];

function action(
  endpoint: Endpoint,
  weight: number,
  query: (member: BenchMember, world: World) => string,
  body?: (member: BenchMember, world: World) => string,
): Action {
  return {
    name: `${endpoint.method} ${endpoint.path}`,
    endpoint,
    weight,
    call: (member, world) => ({
      method: endpoint.method,
      path: `${endpoint.path}${query(member, world)}`,
      ...(body ? { body: body(member, world) } : {}),
    }),
  };
}

/** A random action by the weights. */
export function pickAction(actions: Action[] = ACTIONS): Action {
  const total = actions.reduce((sum, action) => sum + action.weight, 0);
  let roll = Math.random() * total;
  for (const action of actions) {
    roll -= action.weight;
    if (roll < 0) return action;
  }
  return actions[actions.length - 1]!;
}

/** The headers of a member's browser for a call (Chromium's encodings, cookies, CSRF). */
export function headersOf(member: BenchMember, call: Call): Record<string, string> {
  const headers: Record<string, string> = {
    host: 'localhost',
    'accept-encoding': 'gzip, deflate, br, zstd',
    cookie: member.cookie,
    'x-forwarded-for': member.ip,
  };
  if (call.method !== 'GET') {
    headers['x-csrf-token'] = member.csrf;
    headers['content-type'] = 'application/json';
  }
  return headers;
}
