import { type FileHandle, open } from 'node:fs/promises';

/**
 * Batches an expensive sync (fsync) between many callers: each call resolves once a sync that
 * BEGAN after the call has completed, so it covers everything written before the call. While
 * one sync runs, every caller that arrives joins the single next one: a group commit.
 */
export function groupSync(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const run = sync().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    // The running sync may have begun before the caller's write: wait for the next one.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}

export interface FileFlusher {
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Flushes a file's written data to the disk, off the event loop (libuv's thread pool), through
 * a descriptor of its own kept open: fdatasync works on the file, not on the descriptor, so
 * it flushes what SQLite wrote through its own. SQLite keeps its log file (the same inode)
 * while any connection is open.
 *
 * A failed flush fails every later one: Linux reports a lost write-back once, and a later
 * flush that succeeded would not bring the lost pages back (SQLite's log frames chain, so
 * nothing after them could be read either). Writes then fail until the process restarts,
 * as PostgreSQL stops on a failed fsync.
 */
export function fileFlusher(path: string): FileFlusher {
  let handle: Promise<FileHandle> | undefined;
  let failure: Error | undefined;
  let closed = false;
  return {
    async flush() {
      if (closed) throw new Error(`${path}: flushed after it was closed`);
      if (failure) throw failure;
      try {
        handle ??= open(path, 'r');
        await (await handle).datasync();
      } catch (error) {
        failure = error as Error;
        throw error;
      }
    },
    async close() {
      closed = true;
      const opened = handle;
      handle = undefined;
      await (await opened?.catch(() => undefined))?.close();
    },
  };
}
