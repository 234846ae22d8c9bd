import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_CLOSE, type ServerEvent } from '@contract/events';
import type { RealtimeStatus } from '@web/api/realtime-events';
import { RealtimeSocket, type SocketLike, overLimitDelay, reconnectDelay } from './realtime-socket';

// The tab's socket (issue 9 §4): resume with the last number seen, no repeats, frames checked
// against the contract, jittered reconnects, no reconnect once the session ended.
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(frame: unknown) {
    this.onmessage?.({
      data: typeof frame === 'string' ? frame : JSON.stringify(frame),
    } as MessageEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const read = (id: number): ServerEvent => ({
  type: 'message.read',
  conversation_id: 1,
  up_to_message_id: id,
});

let sockets: FakeSocket[];
let events: ServerEvent[];
let statuses: RealtimeStatus[];
let resyncs: number;
let sessionEnded: number;
let client: RealtimeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  events = [];
  statuses = [];
  resyncs = 0;
  sessionEnded = 0;
  client = new RealtimeSocket({
    url: 'ws://localhost/api/socket',
    onEvent: (event) => events.push(event),
    onResync: () => (resyncs += 1),
    onStatus: (status) => statuses.push(status),
    onSessionEnded: () => (sessionEnded += 1),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    random: () => 1,
  });
});
afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe('the tab’s socket', () => {
  it('resumes a fresh tab from 0 and goes live on ready', () => {
    client.start();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'resume', after_seq: 0 }]);
    sockets[0]!.receive({ type: 'ready', last_seq: 12 });
    expect(statuses).toEqual(['connecting', 'live']);
  });

  it('hands each event on once, in order, and ignores what the contract refuses', () => {
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ready', last_seq: 0 });
    sockets[0]!.receive({ seq: 1, event: read(1) });
    sockets[0]!.receive({ seq: 1, event: read(1) });
    sockets[0]!.receive('not json');
    sockets[0]!.receive({ seq: 2, event: { type: 'message.read', conversation_id: 'x' } });
    sockets[0]!.receive({ seq: null, event: { type: 'typing', conversation_id: 1, member_id: 2 } });
    sockets[0]!.receive({ seq: 2, event: read(2) });
    expect(events).toEqual([
      read(1),
      { type: 'typing', conversation_id: 1, member_id: 2 },
      read(2),
    ]);
  });

  it('reconnects after a drop with backoff and resumes after the last number seen', () => {
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ready', last_seq: 4 });
    sockets[0]!.receive({ seq: 5, event: read(5) });
    sockets[0]!.drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ type: 'resume', after_seq: 5 }]);
    // A repeat from the replay is dropped; what is new goes on.
    sockets[1]!.receive({ seq: 5, event: read(5) });
    sockets[1]!.receive({ seq: 6, event: read(6) });
    sockets[1]!.receive({ type: 'ready', last_seq: 6 });
    expect(events).toEqual([read(5), read(6)]);
    expect(statuses.at(-1)).toBe('live');
  });

  it('waits longer after each failed attempt, never past 30 s, with jitter', () => {
    expect([0, 1, 2, 3, 10].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 30_000,
    ]);
    expect(reconnectDelay(2, () => 0)).toBe(2_000);
  });

  // issue 23 §6: a socket over the session's or the address's cap, or past its frame budget,
  // is closed with 4029; coming straight back would only be refused again.
  it('after 4029 waits out a longer, growing backoff, capped at a minute, with jitter', () => {
    expect([0, 1, 2, 3, 10].map((streak) => overLimitDelay(streak, () => 1))).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000,
    ]);
    expect(overLimitDelay(1, () => 0)).toBe(5_000);
    client.start();
    for (const [index, wait] of [5_000, 10_000, 20_000].entries()) {
      sockets[index]!.open();
      sockets[index]!.drop(SOCKET_CLOSE.overLimit);
      expect(statuses.at(-1)).toBe('reconnecting');
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(index + 2);
    }
  });

  it('keeps the 4029 wait when the network comes back, and starts over after another close', () => {
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop(SOCKET_CLOSE.overLimit);
    client.retryNow(); // the browser's "online" event
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    sockets[1]!.open();
    sockets[1]!.receive({ type: 'ready', last_seq: 0 });
    sockets[1]!.drop(SOCKET_CLOSE.overLimit); // past the frame budget while live
    vi.advanceTimersByTime(9_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    sockets[2]!.open();
    sockets[2]!.receive({ type: 'ready', last_seq: 0 });
    sockets[2]!.drop(); // an ordinary drop: the usual quick retry, and the streak is over
    client.retryNow();
    expect(sockets).toHaveLength(4);
    sockets[3]!.drop(SOCKET_CLOSE.overLimit);
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(5);
  });

  it('asks for a refetch on resync and continues from the number it gives', () => {
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'resync', last_seq: 40 });
    sockets[0]!.receive({ seq: 40, event: read(40) });
    sockets[0]!.receive({ seq: 41, event: read(41) });
    expect(resyncs).toBe(1);
    expect(events).toEqual([read(41)]);
  });

  it('does not reconnect once the server says the session ended', () => {
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop(SOCKET_CLOSE.sessionEnded);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(sessionEnded).toBe(1);
    expect(statuses.at(-1)).toBe('off');
  });

  it('closes a link that stopped answering pings, and reconnects', () => {
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ready', last_seq: 0 });
    vi.advanceTimersByTime(25_000);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(25_000);
    expect(sockets[0]!.readyState).toBe(3);
  });
});
