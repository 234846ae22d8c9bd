import WebSocket from 'ws';
import { authApi } from '@contract/endpoints/auth';
import { SOCKET_PATH, type ServerFrame } from '@contract/events';
import { BENCH_PASSWORD } from './seed-members';

/** A logged-in member as the bench drives them: their browser's cookies and address. */
export interface BenchMember {
  id: number;
  email: string;
  /** The Cookie header the browser sends: CSRF, session and device cookies. */
  cookie: string;
  csrf: string;
  /** The member's own address, as a load balancer forwards it (X-Forwarded-For). */
  ip: string;
  /** The last search's filters and the cursor of its next page, for "show more". */
  search?: { query: string; cursor: string | null };
}

const cookiesOf = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);

/** Logs one member in as the web app does: GET /api/user.php (the CSRF cookie), then POST. */
export async function logIn(
  origin: string,
  member: { id: number; email: string },
  index: number,
): Promise<BenchMember> {
  const ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const first = await fetch(`${origin}${authApi.user.path}`, {
    headers: { host: 'localhost', 'x-forwarded-for': ip },
  });
  await first.arrayBuffer();
  const csrfCookie = cookiesOf(first).find((cookie) => /^(__Host-)?csrf=/.test(cookie));
  if (!csrfCookie) throw new Error('user.php set no CSRF cookie');
  const csrf = csrfCookie.slice(csrfCookie.indexOf('=') + 1);
  const post = () =>
    fetch(`${origin}${authApi.logIn.path}`, {
      method: 'POST',
      headers: {
        host: 'localhost',
        'x-forwarded-for': ip,
        cookie: csrfCookie,
        'x-csrf-token': csrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: member.email, password: BENCH_PASSWORD }),
    });
  let login = await post();
  // An instance that sheds load answers 503 with Retry-After (http/load-shedding.ts); a member's
  // browser tries again after it, and so does the bench (logins hash with argon2: on a busy
  // machine a burst of them is exactly what gets shed).
  for (let attempt = 1; login.status === 503 && attempt <= 20; attempt += 1) {
    await login.arrayBuffer();
    const wait = Number(login.headers.get('retry-after') ?? 1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait) * 1000));
    login = await post();
  }
  const answer = await login.text();
  if (login.status !== 200) throw new Error(`login of ${member.email}: ${login.status} ${answer}`);
  return { ...member, ip, csrf, cookie: [csrfCookie, ...cookiesOf(login)].join('; ') };
}

/** Runs `task` over `items`, `parallel` at a time. */
export async function inParallel<T, R>(
  items: T[],
  parallel: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!, index);
      }
    }),
  );
  return results;
}

/**
 * The member's one socket, as a tab opens it (issue 9 §4): resumes after sequence 0 and hands
 * every delivered message's text to `onMessage`.
 */
export async function openSocket(
  origin: string,
  member: BenchMember,
  onMessage: (text: string) => void,
): Promise<WebSocket> {
  const { host } = new URL(origin);
  const socket = new WebSocket(`ws://${host}${SOCKET_PATH}`, {
    headers: { cookie: member.cookie, origin: `https://${host}`, 'x-forwarded-for': member.ip },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`socket refused: ${response.statusCode}`)),
    );
    socket.once('open', () => socket.send(JSON.stringify({ type: 'resume', after_seq: 0 })));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if ('type' in frame && frame.type === 'ready') resolve();
      if ('event' in frame && frame.event.type === 'message.new')
        onMessage(frame.event.message.text ?? '');
    });
  });
  return socket;
}
