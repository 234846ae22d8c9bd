import {
  type ClientFrame,
  SOCKET_CLOSE,
  type ServerEvent,
  serverFrameSchema,
} from '@contract/events';
import type { RealtimeStatus } from '@web/api/realtime-events';

/** The part of the browser's WebSocket this client uses (tests hand in a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeSocketOptions {
  url: string;
  onEvent(event: ServerEvent): void;
  onResync(): void;
  onStatus(status: RealtimeStatus): void;
  /** The server closed the socket because the session ended: do not reconnect. */
  onSessionEnded(): void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** After 4029 (too many sockets or frames) the server asked for patience: a longer ladder. */
const FIRST_OVER_LIMIT_RETRY_MS = 5_000;
const MAX_OVER_LIMIT_RETRY_MS = 60_000;
/** Browsers cannot see protocol pings: a frame ping this often shows a silent dead link. */
const PING_EVERY_MS = 25_000;

/** Exponential backoff with jitter, so a restarted server is not hit by every tab at once. */
export function reconnectDelay(
  attempt: number,
  random: () => number,
  firstMs = FIRST_RETRY_MS,
  maxMs = MAX_RETRY_MS,
): number {
  const ceiling = Math.min(maxMs, firstMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * The wait after the n-th 4029 in a row (issue 23 §6): a socket refused for the session's or
 * the address's cap, or closed for spending its frame budget, must not come straight back.
 */
export function overLimitDelay(streak: number, random: () => number): number {
  return reconnectDelay(streak, random, FIRST_OVER_LIMIT_RETRY_MS, MAX_OVER_LIMIT_RETRY_MS);
}

/**
 * The tab's one socket (issue 9 §4). It resumes after the last number it saw (kept for the
 * life of the tab; a reload fetches everything and starts from the current number), drops
 * repeats, validates every frame with the contract and reconnects with jittered backoff.
 */
export class RealtimeSocket {
  private lastSeq = 0;
  private attempt = 0;
  /** 4029 closes in a row; any other close ends the streak. */
  private overLimitStreak = 0;
  /** The current wait was asked for by the server (4029): the network coming back is no reason to cut it. */
  private waitingOutLimit = false;
  private socket: SocketLike | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private awaitingPong = false;
  private stopped = false;

  constructor(private readonly options: RealtimeSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.overLimitStreak = 0;
    this.waitingOutLimit = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.socket?.close(1000, 'logged out');
    this.socket = undefined;
    this.options.onStatus('off');
  }

  /** The network is back: try at once instead of waiting out the backoff. */
  retryNow(): void {
    if (this.stopped || this.retryTimer === undefined || this.waitingOutLimit) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.connect();
  }

  private connect() {
    const { createSocket = (url) => new WebSocket(url) } = this.options;
    this.options.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => this.send({ type: 'resume', after_seq: this.lastSeq });
    socket.onmessage = ({ data }) => this.receive(data);
    socket.onclose = ({ code }) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.clearTimers();
      if (this.stopped) return;
      if (code === SOCKET_CLOSE.sessionEnded) {
        this.stopped = true;
        this.options.onStatus('off');
        this.options.onSessionEnded();
        return;
      }
      this.options.onStatus('reconnecting');
      const random = this.options.random ?? Math.random;
      this.waitingOutLimit = code === SOCKET_CLOSE.overLimit;
      const delay = this.waitingOutLimit
        ? overLimitDelay(this.overLimitStreak++, random)
        : reconnectDelay(this.attempt, random);
      if (!this.waitingOutLimit) this.overLimitStreak = 0;
      this.attempt += 1;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        this.waitingOutLimit = false;
        this.connect();
      }, delay);
    };
  }

  private receive(data: unknown) {
    this.awaitingPong = false;
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    const frame = serverFrameSchema.safeParse(parsed);
    if (!frame.success) return; // not the contract: ignored, never half-applied
    const value = frame.data;
    if ('event' in value) {
      if (value.seq !== null) {
        if (value.seq <= this.lastSeq) return; // seen already
        this.lastSeq = value.seq;
      }
      this.options.onEvent(value.event);
      return;
    }
    switch (value.type) {
      case 'ready':
        this.lastSeq = value.last_seq;
        this.attempt = 0;
        this.options.onStatus('live');
        this.startPings();
        return;
      case 'resync':
        this.lastSeq = value.last_seq;
        this.options.onResync();
        return;
      default:
        return; // pong (already noted) and refused frames need nothing
    }
  }

  private startPings() {
    clearInterval(this.pingTimer);
    this.awaitingPong = false;
    this.pingTimer = setInterval(() => {
      if (this.awaitingPong) {
        this.socket?.close(4000, 'no answer'); // onclose reconnects
        return;
      }
      this.awaitingPong = true;
      this.send({ type: 'ping' });
    }, PING_EVERY_MS);
  }

  private send(frame: ClientFrame) {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(frame));
  }

  private clearTimers() {
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.retryTimer = undefined;
    this.pingTimer = undefined;
  }
}
