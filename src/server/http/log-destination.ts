import { pino } from 'pino';

/** A stream pino and the access log write whole lines to. */
export interface LineDestination {
  write(line: string): void;
}

/**
 * Standard output for log lines: the lines written during one turn of the event loop are
 * joined and written with one system call when the turn ends, by pino's own writer
 * (sonic-boom), which retries a full pipe (EAGAIN) and stops at a broken one (EPIPE).
 *
 * - One write per turn, not per line: a line costs an array push. sonic-boom alone, in text
 *   mode, measured the UTF-8 length of all the text still waiting on every line it took, a
 *   cost that grew with load (docs/performance.md, "The log destination").
 * - Synchronous: with writes in the thread pool, a write under way when the process exited
 *   was lost, and the lines after it went out first (log-destination.test.ts). A batch to a
 *   pipe takes microseconds; a reader that stops reading slows the server down instead of
 *   filling its memory, as with pino's default destination.
 */
export function stdoutLines(): LineDestination {
  const writer = pino.destination({ dest: 1, sync: true, contentMode: 'buffer' });
  let waiting: string[] = [];

  const writeWaiting = () => {
    if (waiting.length === 0) return;
    const text = waiting.join('');
    waiting = [];
    // Buffer mode takes bytes (it counts them by .length): one encoding per batch.
    writer.write(Buffer.from(text) as unknown as string);
  };
  // The lines of the turn in which the process exits.
  process.on('exit', writeWaiting);

  return {
    write(line: string) {
      if (waiting.push(line) === 1) setImmediate(writeWaiting);
    },
  };
}
