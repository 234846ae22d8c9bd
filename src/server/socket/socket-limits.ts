export interface SocketLimitSettings {
  /** Open sockets one session may hold (a member's tabs and devices). */
  perSession: number;
  /** Open sockets one client address may hold (members behind one NAT). */
  perAddress: number;
  /** Frames a session's sockets together may send per second, on average… */
  framesPerSecond: number;
  /** …and at once (the size of the session's token bucket). */
  frameBurst: number;
}

/** Which cap refused a socket; its text is the close reason the client sees. */
export type OverLimit = 'too many sockets for this session' | 'too many sockets from this address';

/** One session's open sockets and the frame budget they share. */
interface SessionUse {
  sockets: number;
  tokens: number;
  refilledAt: number;
}

/**
 * The caps of the socket edge (issue 23 §6: 200 sockets on one session were all accepted, and
 * 11,800 frames in 2 s closed none). Counted per instance, in memory: a client spread over
 * several instances by the proxy may hold the caps on each (docs/scaling.md). A session is
 * known by the hash it had when its socket opened, so a count never moves between keys.
 */
export class SocketLimits {
  private readonly sessions = new Map<string, SessionUse>();
  private readonly addresses = new Map<string, number>();

  constructor(
    private readonly settings: SocketLimitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a place for a new socket, or names the cap it would pass (nothing is counted). */
  admit(sessionHash: string, address: string): SocketPlace | OverLimit {
    const session = this.sessions.get(sessionHash);
    if ((session?.sockets ?? 0) >= this.settings.perSession)
      return 'too many sockets for this session';
    const fromAddress = this.addresses.get(address) ?? 0;
    if (fromAddress >= this.settings.perAddress) return 'too many sockets from this address';
    const use = session ?? { sockets: 0, tokens: this.settings.frameBurst, refilledAt: this.now() };
    use.sockets += 1;
    this.sessions.set(sessionHash, use);
    this.addresses.set(address, fromAddress + 1);
    return new SocketPlace(this, sessionHash, address, use);
  }

  /** Open sockets of a session and of an address (for tests). */
  socketsOf(sessionHash: string): number {
    return this.sessions.get(sessionHash)?.sockets ?? 0;
  }

  socketsFrom(address: string): number {
    return this.addresses.get(address) ?? 0;
  }

  /**
   * Forgets the sessions without sockets whose budget is whole again. A session's last socket
   * keeps its spent budget until then, so closing and reopening does not refill it.
   */
  sweep(): void {
    for (const [sessionHash, use] of this.sessions)
      if (use.sockets === 0 && this.refill(use) >= this.settings.frameBurst)
        this.sessions.delete(sessionHash);
  }

  /** @internal One frame from a session's budget; false when it is spent. */
  takeFrame(use: SessionUse): boolean {
    if (this.refill(use) < 1) return false;
    use.tokens -= 1;
    return true;
  }

  /** @internal A socket closed. */
  release(sessionHash: string, address: string, use: SessionUse): void {
    use.sockets -= 1;
    if (use.sockets === 0 && this.refill(use) >= this.settings.frameBurst)
      this.sessions.delete(sessionHash);
    const fromAddress = (this.addresses.get(address) ?? 1) - 1;
    if (fromAddress > 0) this.addresses.set(address, fromAddress);
    else this.addresses.delete(address);
  }

  /** Adds the tokens earned since the last refill (a token bucket); returns the balance. */
  private refill(use: SessionUse): number {
    const now = this.now();
    const earned = ((now - use.refilledAt) / 1000) * this.settings.framesPerSecond;
    use.tokens = Math.min(this.settings.frameBurst, use.tokens + earned);
    use.refilledAt = now;
    return use.tokens;
  }
}

/** One open socket's place under the caps: its frames are charged, its close frees it. */
export class SocketPlace {
  private released = false;

  constructor(
    private readonly limits: SocketLimits,
    private readonly sessionHash: string,
    private readonly address: string,
    private readonly use: SessionUse,
  ) {}

  /** Charges one frame to the session's budget; false when the budget is spent. */
  takeFrame(): boolean {
    return this.limits.takeFrame(this.use);
  }

  /** Frees the place (once, however often a socket's close is reported). */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.limits.release(this.sessionHash, this.address, this.use);
  }
}
