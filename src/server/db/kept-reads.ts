import type { Db } from './database';
import type { WatchedWrite } from './write-watch';

/**
 * How long after a write to a member's rows no read of them may be kept: longer than any
 * transaction that writes them lasts plus the pub/sub's delay, so a read made before the
 * writer committed is never kept (docs/performance.md, "Kept reads").
 */
export const QUIET_MS = 5_000;
const MAX_ENTRIES = 50_000;
const MAX_QUIET_KEYS = 50_000;

interface Entry {
  value: unknown;
  members: readonly number[];
  keptUntil: number;
  blindToBalance: boolean;
  /** Read since it was kept or last passed over by eviction (a second chance: evictOne). */
  readAgain: boolean;
}

export interface ReadOptions {
  /**
   * The value carries no credit balance (the session's member: member-record.ts), so a
   * write that moves only balances (WatchedWrite.balanceOnly) leaves it kept.
   */
  blindToBalance?: boolean;
}

/** What a read depends on: the members whose rows it read, or null to keep it not at all. */
export type MembersOf<Value> = (value: Value) => readonly number[] | null;

/**
 * Reads of members' own rows (who a session is, their photos, interests, blocks and likes
 * between two members), kept for a few seconds so the burst of API calls a page makes asks
 * the database once (issue 7 §4). Each kept read names the members whose rows it read; every
 * write that touches one of them drops it at once: on this instance through the data layer's
 * write watch, on the others through the pub/sub (services.ts). While such a write may still
 * be uncommitted (QUIET_MS) nothing of that member is kept, so a read of the old rows never
 * outlives the write. Kept values are frozen: concurrent requests share them.
 */
export class KeptReads {
  private readonly entries = new Map<string, Entry>();
  /** Loads under way, by key: concurrent readers of a missing key share one load. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly keysOfMember = new Map<number, Set<string>>();
  /** A member id, or a key dropped by name → until when it may not be kept. */
  private readonly quietUntil = new Map<number | string, number>();
  /** A member id → until when reads that carry their balance may not be kept. */
  private readonly balanceQuietUntil = new Map<number, number>();
  private everyoneQuietUntil = 0;
  private accepting: boolean;
  private readonly now: () => number;
  private readonly maxEntries: number;

  /**
   * `acceptAtOnce: false` keeps nothing until `accept()`: an instance whose pub/sub is not yet
   * subscribed would miss the other instances' writes.
   */
  constructor(
    private readonly ttlMs: number,
    {
      acceptAtOnce = true,
      now = Date.now,
      maxEntries = MAX_ENTRIES,
    }: { acceptAtOnce?: boolean; now?: () => number; maxEntries?: number } = {},
  ) {
    this.accepting = ttlMs > 0 && acceptAtOnce;
    this.now = now;
    this.maxEntries = maxEntries;
  }

  /** Starts keeping reads (once the other instances' writes can reach this one). */
  accept(): void {
    this.accepting = this.ttlMs > 0;
  }

  /** The kept value of `key`, or runs `load` and keeps what it returns. */
  async read<Value>(
    key: string,
    load: () => Promise<Value>,
    membersOf: MembersOf<Value>,
    { blindToBalance = false }: ReadOptions = {},
  ): Promise<Value> {
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.keptUntil > this.now()) {
        entry.readAgain = true;
        return entry.value as Value;
      }
      this.drop(key);
    }
    const pending = this.loading.get(key);
    if (pending) {
      // A load under way may have begun between a write's statement and its commit: if what
      // it read was written since, this reader (who may have come after the commit) reads
      // anew. A writer's change is never handed to a later reader from before it.
      const value = (await pending) as Value;
      if (this.unchangedSince(key, value, membersOf, blindToBalance)) return value;
      return this.load(key, load, membersOf, blindToBalance);
    }
    const loaded = this.load(key, load, membersOf, blindToBalance);
    if (this.accepting) {
      this.loading.set(key, loaded);
      const done = () => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      };
      loaded.then(done, done);
    }
    return loaded;
  }

  /** Whether nothing a value was read from has been written in the last QUIET_MS. */
  private unchangedSince<Value>(
    key: string,
    value: Value,
    membersOf: MembersOf<Value>,
    blindToBalance: boolean,
  ): boolean {
    const now = this.now();
    if (now < this.everyoneQuietUntil || this.isQuiet(key, now)) return false;
    const members = membersOf(value);
    return members !== null && !this.anyMemberQuiet(members, now, blindToBalance);
  }

  private async load<Value>(
    key: string,
    load: () => Promise<Value>,
    membersOf: MembersOf<Value>,
    blindToBalance: boolean,
  ): Promise<Value> {
    const value = await load();
    const members = membersOf(value);
    return members ? this.keep(key, value, members, { blindToBalance }) : value;
  }

  /** Keeps a value read just now, frozen, unless one of its members was written meanwhile. */
  keep<Value>(
    key: string,
    value: Value,
    members: readonly number[],
    { blindToBalance = false }: ReadOptions = {},
  ): Value {
    const now = this.now();
    if (!this.accepting || now < this.everyoneQuietUntil || this.isQuiet(key, now)) return value;
    if (this.anyMemberQuiet(members, now, blindToBalance)) return value;
    this.drop(key);
    if (this.entries.size >= this.maxEntries) this.evictOne();
    this.entries.set(key, {
      value: freezeDeep(value),
      members,
      keptUntil: now + this.ttlMs,
      blindToBalance,
      readAgain: false,
    });
    for (const member of members) {
      let keys = this.keysOfMember.get(member);
      if (!keys) this.keysOfMember.set(member, (keys = new Set()));
      keys.add(key);
    }
    return value;
  }

  /** A write was seen (here or on another instance): drop what it may have changed. */
  forget(write: WatchedWrite): void {
    if (this.ttlMs <= 0) return;
    // A load under way may have read before this write: later readers start their own.
    this.loading.clear();
    if ('everyone' in write) {
      this.forgetEverything();
      return;
    }
    if (this.quietUntil.size + this.balanceQuietUntil.size >= MAX_QUIET_KEYS) this.pruneQuiet();
    const quietUntil = this.now() + QUIET_MS;
    if ('memberIds' in write && write.balanceOnly) {
      // Only reads that carry the balance can have changed.
      for (const member of write.memberIds) {
        this.balanceQuietUntil.set(member, quietUntil);
        for (const key of [...(this.keysOfMember.get(member) ?? [])])
          if (!this.entries.get(key)?.blindToBalance) this.drop(key);
      }
    } else if ('memberIds' in write) {
      for (const member of write.memberIds) {
        this.quietUntil.set(member, quietUntil);
        for (const key of [...(this.keysOfMember.get(member) ?? [])]) this.drop(key);
      }
    } else {
      for (const tokenHash of write.tokenHashes) {
        const key = sessionReadKey(tokenHash);
        this.quietUntil.set(key, quietUntil);
        this.drop(key);
      }
    }
  }

  /** Drops every kept read, and keeps none until whatever caused this can have committed. */
  forgetEverything(): void {
    this.loading.clear();
    this.entries.clear();
    this.keysOfMember.clear();
    this.quietUntil.clear();
    this.balanceQuietUntil.clear();
    this.everyoneQuietUntil = this.now() + QUIET_MS;
  }

  get size(): number {
    return this.entries.size;
  }

  private isQuiet(key: number | string, now: number): boolean {
    return (this.quietUntil.get(key) ?? 0) > now;
  }

  private anyMemberQuiet(members: readonly number[], now: number, blindToBalance: boolean) {
    return members.some(
      (member) =>
        this.isQuiet(member, now) ||
        (!blindToBalance && (this.balanceQuietUntil.get(member) ?? 0) > now),
    );
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const member of entry.members) {
      const keys = this.keysOfMember.get(member);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOfMember.delete(member);
    }
  }

  /**
   * Drops the oldest entry not read since it was kept, so a burst of new keys evicts what
   * nobody reads. An entry read again goes to the back once instead (the "clock" of second
   * chances): a hit only sets a flag, where moving the entry to the back on every hit cost a
   * Map deletion and insertion, and the rehashing of the tombstones they leave, per kept read.
   */
  private evictOne(): void {
    for (const [key, entry] of this.entries) {
      if (!entry.readAgain) {
        this.drop(key);
        return;
      }
      entry.readAgain = false;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
  }

  private pruneQuiet(): void {
    const now = this.now();
    for (const [key, until] of this.quietUntil) if (until <= now) this.quietUntil.delete(key);
    for (const [member, until] of this.balanceQuietUntil)
      if (until <= now) this.balanceQuietUntil.delete(member);
    // Still full: too many writes to follow one by one; keep nothing for a while instead.
    if (this.quietUntil.size + this.balanceQuietUntil.size >= MAX_QUIET_KEYS)
      this.forgetEverything();
  }
}

function freezeDeep<Value>(value: Value): Value {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) freezeDeep(inner);
  return Object.freeze(value);
}

/** The key of a session's kept read, by its token's hash: a session is dropped by it. */
export const sessionReadKey = (tokenHash: string) => `session:${tokenHash}`;

const keptReadsOf = new WeakMap<Db, KeptReads>();
const keptListsOf = new WeakMap<Db, KeptReads>();
const keptMemberListsOf = new WeakMap<Db, KeptReads>();

/**
 * Makes `keptRead` and `keptListRead` on this handle use these caches
 * (services.ts); other handles read directly. Lists are kept apart, in smaller caches: one is
 * far larger than a member's row, and a site's pages (keys from what visitors ask) and each
 * member's own lists (one per member who asks) do not crowd each other out.
 */
export function keepReadsOn(
  db: Db,
  reads: KeptReads,
  lists?: { site: KeptReads; member: KeptReads },
): void {
  keptReadsOf.set(db, reads);
  if (lists) {
    keptListsOf.set(db, lists.site);
    keptMemberListsOf.set(db, lists.member);
  }
}

/**
 * Reads through the handle's kept reads when it has them (the app's own handle), else
 * directly (a transaction, a script). Callers must not change what they get back.
 */
export function keptRead<Value>(
  db: Db,
  key: string,
  load: () => Promise<Value>,
  membersOf: MembersOf<Value>,
  options?: ReadOptions,
): Promise<Value> {
  const reads = keptReadsOf.get(db);
  return reads ? reads.read(key, load, membersOf, options) : load();
}

/**
 * Like keptRead, for a list: a page of search results that is the same for everyone who asks
 * (`whose: 'site'`), or a list of one member's own, such as their likes summary (`'member'`).
 * Each is kept in its own cache of the handle, dropped by a write to any member it names and
 * by any write that may add a member to a list.
 */
export function keptListRead<Value>(
  db: Db,
  key: string,
  load: () => Promise<Value>,
  membersOf: MembersOf<Value>,
  whose: 'site' | 'member' = 'site',
): Promise<Value> {
  const lists = (whose === 'site' ? keptListsOf : keptMemberListsOf).get(db);
  return lists ? lists.read(key, load, membersOf) : load();
}
