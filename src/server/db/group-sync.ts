import { open } from 'node:fs/promises';

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

/**
 * Flushes a file's written data to the disk, off the event loop (libuv's thread pool). A file
 * that does not exist holds nothing to flush. fsync works on the file, not on the descriptor,
 * so a descriptor of our own flushes what SQLite wrote through its own.
 */
export async function fsyncFile(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
