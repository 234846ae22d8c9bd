import type { Member } from '@server/db/member-record';
import type { WatchedWrite } from '@server/db/write-watch';
import type { StoredPhoto } from '@server/features/photos';

/**
 * How long after a write to a member's rows no copy of them may be kept: longer than any
 * transaction that writes them lasts plus the pub/sub's delay, so a copy read before the
 * writer committed is never kept (docs/performance.md, "Session cache").
 */
export const QUIET_MS = 5_000;
const MAX_SESSIONS = 20_000;
const MAX_QUIET_KEYS = 20_000;

interface CachedSession {
  member: Member;
  sessionExpiresAt: number;
  keptUntil: number;
}

type OwnMainPhoto = StoredPhoto & { status: string };

/**
 * Logged-in members as their session found them, for a few seconds, so that the burst of API
 * calls a page makes asks the database once (issue 7 §4). Every write to a member's row,
 * photos or sessions forgets their copies at once: on this instance through the data layer's
 * write watch, on the others through the pub/sub (services.ts); a copy is never kept while a
 * write may still be uncommitted (QUIET_MS), and never beyond `ttlMs` or its session's expiry.
 * Cached members are frozen: they are shared by concurrent requests.
 */
export class SessionCache {
  private readonly sessions = new Map<string, CachedSession>();
  private readonly tokensOfMember = new Map<number, Set<string>>();
  private readonly mainPhotos = new Map<
    number,
    { photo: OwnMainPhoto | null; keptUntil: number }
  >();
  /** `m:<member id>` or `t:<token hash>` → until when nothing of theirs may be kept. */
  private readonly quietUntil = new Map<string, number>();
  private everyoneQuietUntil = 0;
  private accepting: boolean;
  private readonly now: () => number;

  /**
   * `acceptAtOnce: false` keeps nothing until `accept()`: an instance whose pub/sub is not yet
   * subscribed would miss the other instances' writes.
   */
  constructor(
    private readonly ttlMs: number,
    { acceptAtOnce = true, now = Date.now }: { acceptAtOnce?: boolean; now?: () => number } = {},
  ) {
    this.accepting = ttlMs > 0 && acceptAtOnce;
    this.now = now;
  }

  /** Starts keeping copies (once the other instances' writes can reach this one). */
  accept(): void {
    this.accepting = this.ttlMs > 0;
  }

  member(tokenHash: string, siteId: number): Member | undefined {
    const entry = this.sessions.get(tokenHash);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.keptUntil <= now || entry.sessionExpiresAt <= now) {
      this.dropSession(tokenHash);
      return undefined;
    }
    return entry.member.site_id === siteId ? entry.member : undefined;
  }

  /** Keeps a member their session was just read with; returns the frozen copy to use. */
  keepMember(tokenHash: string, member: Member, sessionExpiresAt: Date): Member {
    const now = this.now();
    if (!this.mayKeep(now, `m:${member.id}`, `t:${tokenHash}`)) return member;
    Object.freeze(member.notifications_disabled);
    const frozen = Object.freeze(member);
    if (this.sessions.size >= MAX_SESSIONS) this.dropSession(this.sessions.keys().next().value!);
    this.sessions.set(tokenHash, {
      member: frozen,
      sessionExpiresAt: sessionExpiresAt.getTime(),
      keptUntil: now + this.ttlMs,
    });
    let tokens = this.tokensOfMember.get(member.id);
    if (!tokens) this.tokensOfMember.set(member.id, (tokens = new Set()));
    tokens.add(tokenHash);
    return frozen;
  }

  /** The member's own main photo, `null` for none, undefined when not kept. */
  ownMainPhoto(memberId: number): OwnMainPhoto | null | undefined {
    const entry = this.mainPhotos.get(memberId);
    if (!entry) return undefined;
    if (entry.keptUntil > this.now()) return entry.photo;
    this.mainPhotos.delete(memberId);
    return undefined;
  }

  keepOwnMainPhoto(memberId: number, photo: OwnMainPhoto | null): void {
    const now = this.now();
    if (!this.mayKeep(now, `m:${memberId}`)) return;
    if (this.mainPhotos.size >= MAX_SESSIONS) this.mainPhotos.clear();
    this.mainPhotos.set(memberId, { photo, keptUntil: now + this.ttlMs });
  }

  /** A write was seen (here or on another instance): forget what it may have changed. */
  forget(write: WatchedWrite): void {
    if (this.ttlMs <= 0) return;
    const quietUntil = this.now() + QUIET_MS;
    if ('everyone' in write) {
      this.forgetEverything();
      return;
    }
    if (this.quietUntil.size >= MAX_QUIET_KEYS) this.pruneQuiet();
    if ('memberIds' in write) {
      for (const memberId of write.memberIds) {
        this.quietUntil.set(`m:${memberId}`, quietUntil);
        this.mainPhotos.delete(memberId);
        for (const tokenHash of this.tokensOfMember.get(memberId) ?? [])
          this.dropSession(tokenHash);
      }
    } else {
      for (const tokenHash of write.tokenHashes) {
        this.quietUntil.set(`t:${tokenHash}`, quietUntil);
        this.dropSession(tokenHash);
      }
    }
  }

  /** Forgets every copy, and keeps none until whatever caused this can have committed. */
  forgetEverything(): void {
    this.sessions.clear();
    this.tokensOfMember.clear();
    this.mainPhotos.clear();
    this.quietUntil.clear();
    this.everyoneQuietUntil = this.now() + QUIET_MS;
  }

  get size(): number {
    return this.sessions.size;
  }

  private mayKeep(now: number, ...keys: string[]): boolean {
    if (!this.accepting || now < this.everyoneQuietUntil) return false;
    return keys.every((key) => (this.quietUntil.get(key) ?? 0) <= now);
  }

  private dropSession(tokenHash: string): void {
    const entry = this.sessions.get(tokenHash);
    if (!entry) return;
    this.sessions.delete(tokenHash);
    const tokens = this.tokensOfMember.get(entry.member.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOfMember.delete(entry.member.id);
  }

  private pruneQuiet(): void {
    const now = this.now();
    for (const [key, until] of this.quietUntil) if (until <= now) this.quietUntil.delete(key);
    // Still full: too many writes to track one by one; keep nothing for a while instead.
    if (this.quietUntil.size >= MAX_QUIET_KEYS) this.forgetEverything();
  }
}
