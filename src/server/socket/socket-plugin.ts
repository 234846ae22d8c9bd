import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { SOCKET_CLOSE } from '@contract/events';
import { type CookiePolicy, findLiveSessionHashes, findSocketSession } from '@server/features/auth';
import { recordActivity } from '@server/db/members-table';
import { hostNameOf } from '@server/features/sites';
import { type TrustRule, clientAddressOf } from '@server/http/client-address';
import type { Services } from '@server/services';
import { ConnectionRegistry } from './connection-registry';
import { EVENT_LOG_PURGE_SCHEDULE, purgeOldEvents } from '@server/realtime/event-log-purge';
import type { ReplayFilter } from '@server/realtime/event-replay';
import { memberChannel } from '@server/realtime/member-events';
import { type EventLog, MemberConnection } from './member-connection';
import { sessionNoticeText } from './session-notice';
import { SocketLimits, type SocketPlace } from './socket-limits';
import { type UpgradeChecks, checkUpgrade, refuseUpgrade } from './socket-upgrade';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's sockets: counts for tests and benchmarks, and the periodic checks. */
    realtime: RealtimeControl;
  }
}

export interface RealtimeControl {
  /** The member event log the sockets deliver (features use services.events; tests this). */
  events: Services['events'];
  socketCount(): number;
  /** Members with at least one socket here (one pub/sub subscription each). */
  memberCount(): number;
  /** The caps on sockets and frames (issue 23 §6): tests read the counts. */
  limits: SocketLimits;
  /**
   * Closes the sockets whose session is missing at two checks in a row; runs on every
   * heartbeat (the backstop behind the notices of ended sessions).
   */
  recheckSessions(): Promise<void>;
  /** One heartbeat now (it runs every 30 s): tests need not wait for the timer. */
  heartbeat(): Promise<void>;
}

export interface SocketPluginOptions {
  services: Services;
  cookies: CookiePolicy;
  /** Today's visibility rules for replays (issue 23 §5), from the features. */
  replayFilter: ReplayFilter;
  /** Ping every socket this often; one that did not answer the last ping is dropped. */
  heartbeatMs?: number;
  /** The app's trust-proxy rule: the per-address cap counts the address request.ip gives. */
  trustProxy: TrustRule;
}

/** Client frames are a few dozen bytes; anything larger is refused by ws (close 1009). */
const MAX_FRAME_BYTES = 4096;
const SHUTDOWN_GRACE_MS = 1_000;

function destroyOnError(this: Duplex) {
  this.destroy();
}

function terminateOnError(this: WebSocket) {
  this.terminate();
}

/**
 * The socket endpoint (issue 9 §4), on the HTTP server's upgrade event with bare `ws`: no
 * Fastify request is kept per socket (docs/performance.md, Realtime). A refused upgrade gets a
 * plain 401/403/404 before any upgrade. A session that ends (logout, password change or
 * reset) closes its sockets at once on whichever instance holds them (4001): a notice on the
 * member's channel names the ended sessions. The heartbeat re-checks the sessions of all open
 * sockets (one statement per 500) as a backstop, for a notice lost with its Redis connection
 * and for sessions that merely expire: a session missing at two beats in a row closes them.
 */
export const socketPlugin = fp(
  async (app: FastifyInstance, options: SocketPluginOptions) => {
    const { services, cookies, replayFilter, trustProxy, heartbeatMs = 30_000 } = options;
    const { config } = services;
    const log: EventLog = {
      replay: async (reader, afterSeq, limit) =>
        replayFilter(reader, await services.events.since(reader.memberId, afterSeq, limit)),
      lastSeq: (memberId) => services.events.lastSeq(memberId),
    };
    const sockets = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: MAX_FRAME_BYTES,
    });
    const registry = new ConnectionRegistry(services.pubSub);
    const limits = new SocketLimits({
      perSession: config.SOCKETS_PER_SESSION,
      perAddress: config.SOCKETS_PER_ADDRESS,
      framesPerSecond: config.SOCKET_FRAMES_PER_SECOND,
      frameBurst: config.SOCKET_FRAME_BURST,
    });
    services.pubSub.onResubscribed(() => {
      for (const connection of registry.connections()) connection.catchUp();
    });
    // Published after the session rows are gone, so a socket opened later cannot be closed
    // by mistake (its session is another one), and in order with the member's events.
    app.onSessionsEnded(({ memberId, tokenHashes, renewed }) =>
      services.pubSub.publish(memberChannel(memberId), sessionNoticeText(tokenHashes, renewed)),
    );

    const checks: UpgradeChecks = {
      findSiteId: async (host) => {
        const name = hostNameOf(host);
        return name ? (await app.findSite(name))?.id : undefined;
      },
      findSession: async (token, siteId) => {
        const session = await findSocketSession(services.db, token, siteId);
        if (!session) return undefined;
        // A socket opened is a member active (issue 29 item 13); never a refused socket.
        await recordActivity(services.db, session.member).catch((error: unknown) =>
          app.log.error({ err: error }, 'recording activity failed'),
        );
        return { memberId: session.member.id, sessionHash: session.tokenHash };
      },
      readSessionCookie: (header) =>
        header ? app.parseCookie(header)[cookies.sessionCookie] : undefined,
      production: config.NODE_ENV === 'production',
    };

    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // A module-level listener: a closure made here would keep the whole upgrade request
      // (headers, cookie) alive as long as the socket lives (measured: kilobytes a socket).
      socket.on('error', destroyOnError);
      checkUpgrade(request, checks).then(
        (verdict) => {
          if (!verdict.accepted) {
            // The reason only: never the cookie, nor the query string.
            app.log.info({ status: verdict.status, reason: verdict.reason }, 'socket refused');
            refuseUpgrade(socket, verdict.status);
            return;
          }
          const address = clientAddressOf(request, trustProxy);
          sockets.handleUpgrade(request, socket, head, (webSocket) => {
            socket.off('error', destroyOnError); // ws handles the socket's errors from here
            // Counted here, in the same turn as the socket opens: parallel upgrades cannot
            // all pass the cap while their session lookups run.
            const place = limits.admit(verdict.sessionHash, address);
            if (typeof place === 'string') {
              // Upgraded first, then closed: a browser cannot read an HTTP status, but it
              // sees 4029 and waits before it tries again (web/app/realtime-socket.ts).
              app.log.info({ reason: place, memberId: verdict.memberId }, 'socket refused');
              webSocket.on('error', terminateOnError).close(SOCKET_CLOSE.overLimit, place);
              return;
            }
            open(webSocket, verdict.siteId, verdict.memberId, verdict.sessionHash, place);
          });
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'socket upgrade failed');
          refuseUpgrade(socket, 500);
        },
      );
    });

    // Listeners shared by every socket, finding its connection by the socket they are
    // called on: three closures per socket would cost more than the connection itself.
    const connectionOf = new WeakMap<WebSocket, MemberConnection>();
    function onPong(this: WebSocket) {
      const connection = connectionOf.get(this);
      if (connection) connection.alive = true;
    }
    function onMessage(this: WebSocket, data: RawData, isBinary: boolean) {
      connectionOf.get(this)?.receive(data as Buffer, isBinary);
    }
    function onClose(this: WebSocket) {
      const connection = connectionOf.get(this);
      if (!connection) return;
      connection.close();
      connection.place.release();
      registry.remove(connection);
    }
    const onFailure = (connection: MemberConnection, error: unknown) => {
      // The client reconnects and resumes from the last number it saw: nothing is lost.
      app.log.error({ err: error, memberId: connection.memberId }, 'socket delivery failed');
      connection.socket.close(1011, 'try again');
    };

    function open(
      webSocket: WebSocket,
      siteId: number,
      memberId: number,
      sessionHash: string,
      place: SocketPlace,
    ) {
      const connection = new MemberConnection(
        webSocket,
        memberId,
        siteId,
        sessionHash,
        log,
        onFailure,
        place,
      );
      connectionOf.set(webSocket, connection);
      webSocket
        .on('pong', onPong)
        .on('message', onMessage)
        .on('error', terminateOnError)
        .on('close', onClose);
      connection.subscribed = registry
        .add(connection)
        .catch((error: unknown) => onFailure(connection, error));
    }

    // Sockets whose session was missing at the last check. A renewed session (password
    // change) is gone from the table a moment before its notice gives the sockets the new
    // one: a check in between must not close them, so a socket closes when its session is
    // missing at two checks in a row. Ended sessions are closed by their notice at once.
    const missingOnce = new WeakSet<MemberConnection>();
    async function recheckSessions() {
      const connections = [...registry.connections()];
      if (connections.length === 0) return;
      const live = await findLiveSessionHashes(services.db, [
        ...new Set(connections.map((connection) => connection.sessionHash)),
      ]);
      for (const connection of connections) {
        if (live.has(connection.sessionHash)) missingOnce.delete(connection);
        else if (missingOnce.has(connection)) connection.endSession();
        else missingOnce.add(connection);
      }
    }

    /** Drops the sockets that did not answer the last ping, pings the others. */
    function heartbeat() {
      limits.sweep();
      for (const connection of [...registry.connections()]) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
      return recheckSessions().catch((error: unknown) =>
        app.log.error({ err: error }, 'socket session check failed'),
      );
    }
    const beats = setInterval(() => void heartbeat(), heartbeatMs);
    beats.unref();

    // Once an hour per deployment, not per instance (issue 31 item 1).
    services.jobs.work('events.purge', async () => {
      await purgeOldEvents(services.db);
    });
    services.jobs.schedule('events.purge', EVENT_LOG_PURGE_SCHEDULE, {});

    app.decorate('realtime', {
      events: services.events,
      socketCount: () => [...registry.connections()].length,
      limits,
      memberCount: () => registry.memberCount,
      recheckSessions,
      heartbeat: async () => {
        await heartbeat();
      },
    });

    // Sockets keep the HTTP server from closing: say goodbye (1001, the client reconnects to
    // another instance), and cut those that do not answer in time.
    app.addHook('preClose', async () => {
      clearInterval(beats);
      const open = [...registry.connections()].map((connection) => connection.socket);
      const closed = open.map(
        (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
      );
      for (const socket of open) socket.close(1001, 'server shutting down');
      const grace = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
      await Promise.race([Promise.all(closed), grace]);
      for (const socket of open) socket.terminate();
    });
  },
  { name: 'realtime-socket', dependencies: ['site-resolver', 'session'] },
);
