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
 * it flushes what SQLite wrote through its own. A file that does not exist yet holds nothing
 * to flush. SQLite keeps its log file (the same inode) while any connection is open.
 */
export function fileFlusher(path: string): FileFlusher {
  let handle: FileHandle | undefined;
  let closed = false;
  return {
    async flush() {
      if (!handle) {
        try {
          handle = await open(path, 'r');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw error;
        }
        // Closed while it was opening: nobody will close it later.
        if (closed) return handle.close();
      }
      await handle.datasync();
    },
    async close() {
      closed = true;
      await handle?.close();
      handle = undefined;
    },
  };
}
