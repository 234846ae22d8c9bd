import { useSyncExternalStore } from 'react';
import type { ServerEvent, ServerEventType } from '@contract/events';

// The handler registry of the one socket per tab (issue 9 §4, WHERE-THINGS-GO.md "realtime"):
// the app shell's socket validates each event and dispatches it here by type; each feature
// registers its own reactions, so there is no central switch. Features import this file (the
// API layer), never the socket in src/web/app.

export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;
type AnyHandler = (event: ServerEvent) => void;

const handlers = new Map<ServerEventType, Set<AnyHandler>>();
const resyncHandlers = new Set<() => void>();

/** Reacts to one type of server event; returns the function that stops it. */
export function onServerEvent<T extends ServerEventType>(
  type: T,
  handler: (event: ServerEventOf<T>) => void,
): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  const registered = handler as AnyHandler;
  set.add(registered);
  return () => set.delete(registered);
}

/**
 * Reacts to a resync: the tab missed more than the server's event log keeps, so whatever it
 * shows from the server must be fetched again.
 */
export function onResync(handler: () => void): () => void {
  resyncHandlers.add(handler);
  return () => resyncHandlers.delete(handler);
}

/** One failing handler must not keep the event from the others. */
function callEach<A extends unknown[]>(set: Iterable<(...args: A) => void>, ...args: A) {
  for (const handler of [...set]) {
    try {
      handler(...args);
    } catch (error) {
      console.error('realtime handler failed', error);
    }
  }
}

/** Called by the app's socket for each event that passed the contract schema. */
export function dispatchServerEvent(event: ServerEvent): void {
  callEach(handlers.get(event.type) ?? [], event);
}

export function dispatchResync(): void {
  callEach(resyncHandlers);
}

/**
 * Where the tab's socket stands, for a discreet indicator: `off` (logged out, or the browser
 * has no WebSocket), `connecting`, `live`, or `reconnecting` (lost: until it is back the app
 * relies on its periodic refetch, spec §4, §9).
 */
export type RealtimeStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

let status: RealtimeStatus = 'off';
const statusListeners = new Set<() => void>();

export function setRealtimeStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  callEach(statusListeners);
}

export const currentRealtimeStatus = (): RealtimeStatus => status;

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    currentRealtimeStatus,
    () => 'off',
  );
}
