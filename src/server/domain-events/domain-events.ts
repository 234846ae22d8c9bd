/**
 * What happened, by name, with its payload. Features add their events by declaration
 * merging, so this module never imports a feature:
 *
 *   declare module '@server/domain-events' {
 *     interface DomainEventMap { 'member.activated': { memberId: number; siteId: number } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap & string;

export type DomainEventListener<N extends DomainEventName> = (
  payload: DomainEventMap[N],
) => Promise<void>;

export interface DomainEventsLog {
  error(details: object, message: string): void;
}

/**
 * Domain events in process (DESIGN.md §4, issue 31 item 2): a feature publishes what happened
 * after its transaction committed, and the features that care listen, instead of the first
 * importing each of them. A listener never runs inside the publisher's transaction, and its
 * failure is logged without failing the publisher: what must not be lost is a job, which a
 * listener enqueues.
 */
export interface DomainEvents {
  on<N extends DomainEventName>(name: N, listener: DomainEventListener<N>): void;
  /** Runs every listener of `name` and waits for them; call it after the commit. */
  publish<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): Promise<void>;
}

export function domainEvents(log: () => DomainEventsLog | undefined): DomainEvents {
  const listeners = new Map<string, Array<(payload: unknown) => Promise<void>>>();
  return {
    on(name, listener) {
      const list = listeners.get(name) ?? [];
      list.push(listener as (payload: unknown) => Promise<void>);
      listeners.set(name, list);
    },
    async publish(name, payload) {
      const results = await Promise.allSettled(
        (listeners.get(name) ?? []).map((listener) => listener(payload)),
      );
      for (const result of results) {
        if (result.status === 'rejected')
          log()?.error({ err: result.reason, event: name }, 'domain event listener failed');
      }
    },
  };
}
