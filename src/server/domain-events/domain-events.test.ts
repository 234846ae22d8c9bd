import { describe, expect, it } from 'vitest';
import { domainEvents } from '.';

declare module '@server/domain-events' {
  interface DomainEventMap {
    'test.happened': { id: number };
  }
}

describe('domain events (issue 31 item 2)', () => {
  it('reach every listener, and a failing listener is logged without failing the publisher', async () => {
    const logged: object[] = [];
    const events = domainEvents(() => ({ error: (details) => logged.push(details) }));
    const heard: number[] = [];
    events.on('test.happened', async ({ id }) => {
      heard.push(id);
    });
    events.on('test.happened', async () => {
      throw new Error('the listener broke');
    });
    events.on('test.happened', async ({ id }) => {
      heard.push(id * 10);
    });

    await expect(events.publish('test.happened', { id: 4 })).resolves.toBeUndefined();
    expect(heard.sort()).toEqual([4, 40]);
    expect(logged).toEqual([expect.objectContaining({ event: 'test.happened' })]);
  });

  it('publishing an event nobody listens to does nothing', async () => {
    const events = domainEvents(() => undefined);
    await expect(events.publish('test.happened', { id: 1 })).resolves.toBeUndefined();
  });
});
