import { memberChannel } from '@server/realtime/member-events';
import type { MemberConnection } from './member-connection';
import type { PubSub } from '@server/realtime/pub-sub';
import { type SessionNotice, isSessionNotice } from './session-notice';

interface MemberHub {
  /** Usually one or two tabs: an array costs less than a Set at thousands of members. */
  connections: MemberConnection[];
  /** Resolves once the channel is subscribed, to the function that ends the subscription. */
  subscription: Promise<() => Promise<void>>;
}

/**
 * The open sockets of this instance, by member. A member's tabs share one pub/sub
 * subscription (issue 9 §4: memory matters at thousands of sockets): it is made with the
 * first socket and ended with the last, and each published envelope is parsed once for all.
 * The same channel carries the notice of ended sessions, which closes their sockets.
 */
export class ConnectionRegistry {
  private readonly hubs = new Map<number, MemberHub>();

  constructor(private readonly pubSub: PubSub) {}

  /** Adds a socket; resolves once its member's channel is subscribed (so nothing is missed). */
  async add(connection: MemberConnection): Promise<void> {
    let hub = this.hubs.get(connection.memberId);
    if (hub) {
      hub.connections.push(connection);
    } else {
      // A literal of one: `[]` then push would reserve room for 17 at every member.
      const connections = [connection];
      hub = {
        connections,
        subscription: this.pubSub.subscribe(memberChannel(connection.memberId), (text) =>
          fanOut(connections, text),
        ),
      };
      this.hubs.set(connection.memberId, hub);
    }
    await hub.subscription;
  }

  remove(connection: MemberConnection): void {
    const hub = this.hubs.get(connection.memberId);
    const index = hub?.connections.indexOf(connection) ?? -1;
    if (!hub || index < 0) return;
    hub.connections.splice(index, 1);
    if (hub.connections.length > 0) return;
    this.hubs.delete(connection.memberId);
    void hub.subscription.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  }

  *connections(): Iterable<MemberConnection> {
    for (const hub of this.hubs.values()) yield* hub.connections;
  }

  get memberCount(): number {
    return this.hubs.size;
  }
}

function fanOut(connections: readonly MemberConnection[], text: string) {
  let parsed: { seq: number | null } | SessionNotice;
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return; // only member-events.ts and session notices publish here, always valid JSON
  }
  if (isSessionNotice(parsed)) {
    applySessionNotice(connections, parsed);
    return;
  }
  const { seq } = parsed;
  for (const connection of connections) connection.deliver({ seq, text });
}

/** Ended sessions close their sockets; a renewed one's sockets go on under its new hash. */
function applySessionNotice(connections: readonly MemberConnection[], notice: SessionNotice) {
  const ended = new Set(notice.ended_sessions);
  const [from, to] = notice.renewed ?? [];
  for (const connection of [...connections]) {
    if (to !== undefined && connection.sessionHash === from) connection.sessionHash = to;
    else if (ended.has(connection.sessionHash)) connection.endSession();
  }
}
