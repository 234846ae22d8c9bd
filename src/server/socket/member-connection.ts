import type { WebSocket } from 'ws';
import { type ControlFrame, SOCKET_CLOSE, clientFrameSchema } from '@contract/events';
import type { LogReader, ReplayedEnvelope } from '@server/realtime/event-replay';
import type { SocketPlace } from './socket-limits';

/** What a connection reads from the stored event log (see member-events.ts). */
export interface EventLog {
  /** The envelopes after `afterSeq`, oldest first, at most `limit`, filtered for replay. */
  replay(reader: LogReader, afterSeq: number, limit: number): Promise<ReplayedEnvelope[]>;
  lastSeq(memberId: number): Promise<number>;
}

/** An envelope as it came from pub/sub: its number, and its JSON text sent on unchanged. */
export interface LiveEnvelope {
  seq: number | null;
  text: string;
}

/** Asks the connection to compare itself with the log (after pub/sub may have dropped some). */
const CATCH_UP = Symbol('catch-up');
type Pending = LiveEnvelope | typeof CATCH_UP;

const SUBSCRIBED: Promise<void> = Promise.resolve();
const REPLAY_PAGE = 200;
/** Live envelopes kept while the replay runs; past this the client is asked to come back. */
const MAX_PENDING = 5_000;
/** A client that does not read: past this much unsent data it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 1_048_576;
/**
 * Malformed frames a client may send per window before it is closed (1008); how many frames
 * of any kind is the session's budget (socket-limits.ts).
 */
const FRAME_WINDOW_MS = 10_000;
const MAX_INVALID_FRAMES_PER_WINDOW = 5;

/**
 * One socket of one member (issue 9 §4: no loss, no duplicates). Live envelopes queue from the
 * moment the member's channel is subscribed; the client's `resume {after_seq}` replays the log
 * after that number, then the queue drains, skipping what was sent already. Afterwards a live
 * envelope whose number jumps makes it fetch the gap from the log first. Ephemeral envelopes
 * (typing, seq null) go straight out.
 */
export class MemberConnection {
  /** Set by each pong; a connection still false at the next heartbeat is dead. */
  alive = true;
  /** Resolves once the member's channel is subscribed: the replay waits for it. */
  subscribed: Promise<void> = SUBSCRIBED;
  private phase: 'waiting' | 'replaying' | 'live' | 'closed' = 'waiting';
  private lastSent = 0;
  private pending: Pending[] = [];
  private draining = false;
  private windowStartedAt = 0;
  private invalidInWindow = 0;

  constructor(
    readonly socket: WebSocket,
    readonly memberId: number,
    readonly siteId: number,
    /**
     * The session's hash, re-checked on each heartbeat (never the token itself); replaced when
     * the browser's session is renewed (password change).
     */
    public sessionHash: string,
    private readonly log: EventLog,
    /** One function for every connection (a closure per socket costs memory at 5,000). */
    private readonly onFailure: (connection: MemberConnection, error: unknown) => void,
    /** Its place under the socket caps, whose frame budget it shares with its session. */
    readonly place: SocketPlace,
  ) {}

  /** An envelope published on the member's channel. */
  deliver(envelope: LiveEnvelope): void {
    if (this.phase === 'closed') return;
    if (envelope.seq === null) {
      this.send(envelope.text);
      return;
    }
    this.enqueue(envelope);
  }

  /** Pub/sub may have dropped envelopes (its connection was lost): compare with the log. */
  catchUp(): void {
    // While waiting for `resume`, the replay will read the log anyway; while replaying, the
    // check runs right after it.
    if (this.phase === 'live' || this.phase === 'replaying') this.enqueue(CATCH_UP);
  }

  /**
   * A frame from the client: resume once, ping any time; anything else is refused. Each is
   * charged to the session's budget (issue 23 §6): past it the socket closes with 4029, and
   * the client waits before it comes back.
   */
  receive(data: Buffer, isBinary: boolean): void {
    if (this.phase === 'closed') return;
    if (!this.place.takeFrame()) {
      this.socket.close(SOCKET_CLOSE.overLimit, 'too many frames');
      this.close();
      return;
    }
    const frame = isBinary ? undefined : parseFrame(data);
    if (!frame) {
      const now = Date.now();
      if (now - this.windowStartedAt > FRAME_WINDOW_MS) {
        this.windowStartedAt = now;
        this.invalidInWindow = 0;
      }
      if (++this.invalidInWindow > MAX_INVALID_FRAMES_PER_WINDOW)
        return this.closeForPolicy('malformed frames');
      return this.control({ type: 'error', error: 'invalid_frame' });
    }
    if (frame.type === 'ping') return this.control({ type: 'pong' });
    if (this.phase !== 'waiting') return this.control({ type: 'error', error: 'already_resumed' });
    void this.resume(frame.after_seq);
  }

  close(): void {
    this.phase = 'closed';
    this.pending = [];
  }

  /** Its session ended (logout, password change or reset): closed now, and told so (4001). */
  endSession(): void {
    if (this.phase === 'closed') return;
    this.socket.close(SOCKET_CLOSE.sessionEnded, 'session ended');
    this.close();
  }

  private async resume(afterSeq: number) {
    this.phase = 'replaying';
    try {
      await this.subscribed;
      this.subscribed = SUBSCRIBED;
      // The newest number first: everything up to it is in the log (recorded in the same
      // transaction as the counter); anything newer arrives live or through a gap fetch.
      const target = await this.log.lastSeq(this.memberId);
      if (afterSeq === 0) {
        this.lastSent = target; // a fresh tab fetched everything: nothing to replay
      } else if (afterSeq > target) {
        this.resync(target); // a number this log never gave (another database, a reset)
      } else {
        this.lastSent = afterSeq;
        if (!(await this.sendFromLog(target))) this.resync(target);
      }
      if (this.phase !== 'replaying') return;
      this.phase = 'live';
      this.control({ type: 'ready', last_seq: this.lastSent });
      await this.drain();
    } catch (error) {
      this.onFailure(this, error);
    }
  }

  private enqueue(item: Pending) {
    if (this.pending.length >= MAX_PENDING) {
      // Nothing is lost: the client reconnects and resumes from the last number it saw.
      this.socket.close(1013, 'too far behind');
      this.close();
      return;
    }
    this.pending.push(item);
    if (this.phase === 'live')
      void this.drain().catch((error: unknown) => this.onFailure(this, error));
  }

  private async drain() {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.phase === 'live' && this.pending.length > 0) {
        const item = this.pending.shift()!;
        if (item === CATCH_UP) {
          const target = await this.log.lastSeq(this.memberId);
          if (!(await this.sendFromLog(target))) this.resync(target);
        } else if (item.seq! <= this.lastSent) {
          continue; // replayed already, or fetched with a gap
        } else if (item.seq === this.lastSent + 1) {
          this.send(item.text);
          this.lastSent = item.seq;
        } else if (!(await this.sendFromLog(item.seq!))) {
          this.resync(item.seq!);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * Sends the stored envelopes after the last one sent, up to `target`, in pages. False when
   * the log no longer holds one of them (purged after 7 days): the client must resync.
   */
  private async sendFromLog(target: number): Promise<boolean> {
    while (this.lastSent < target && this.phase !== 'closed') {
      const limit = Math.min(REPLAY_PAGE, target - this.lastSent);
      const page = await this.log.replay(this, this.lastSent, limit);
      if (page.length === 0) return false;
      for (const envelope of page) {
        if (envelope.seq !== this.lastSent + 1) return false;
        // A withheld envelope is skipped: the client counts on from the next number it gets.
        if (!('withheld' in envelope)) this.send(JSON.stringify(envelope));
        this.lastSent = envelope.seq;
      }
    }
    return true;
  }

  private resync(lastSeq: number) {
    this.lastSent = lastSeq;
    this.control({ type: 'resync', last_seq: lastSeq });
  }

  private control(frame: ControlFrame) {
    this.send(JSON.stringify(frame));
  }

  private send(text: string) {
    if (this.phase === 'closed' || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      this.close();
      return;
    }
    this.socket.send(text);
  }

  private closeForPolicy(reason: string) {
    this.socket.close(SOCKET_CLOSE.policyViolation, reason);
    this.close();
  }
}

function parseFrame(data: Buffer) {
  try {
    const parsed = clientFrameSchema.safeParse(JSON.parse(data.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
