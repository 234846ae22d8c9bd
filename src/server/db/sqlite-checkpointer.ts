import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/**
 * The checkpointing thread's program, plain JavaScript: it runs the same under `npm start`
 * (tsx), vitest and node, none of which would load TypeScript into a worker without a
 * loader of its own. It opens its own connection to the file and, on a timer or when asked,
 * runs a PASSIVE checkpoint, which never blocks the app's readers or writer.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 5000 });
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const run = () => {
  const [row] = checkpoint.all();
  return { busy: row.busy, log: row.log, checkpointed: row.checkpointed };
};
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message.checkpoint !== undefined) {
    parentPort.postMessage({ id: message.checkpoint, result: run() });
  }
  if (message === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface CheckpointResult {
  /** 1 when the checkpoint could not finish (another checkpoint, or a writer, was in the way). */
  busy: number;
  /** Frames in the log, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
}

export interface SqliteCheckpointer {
  /** Checkpoints now (tests, and before a backup); answers SQLite's figures. */
  checkpoint(): Promise<CheckpointResult>;
  close(): Promise<void>;
}

/**
 * Copies the write-ahead log into the database file on a thread of its own. SQLite otherwise
 * checkpoints inside the COMMIT that crosses 1,000 pages of log, on the event loop: that was
 * half the time commits took under load, in stalls of 1 to 20 ms that every request waiting
 * behind them shared (docs/performance.md). The app's own connection keeps a far larger
 * automatic checkpoint as a backstop, should this thread ever fall behind.
 */
export function startSqliteCheckpointer(
  path: string,
  /**
   * The thread failed (it could not open the file, the disk failed): the caller checkpoints
   * on its own again. A busy checkpoint is no failure: the next one catches up.
   */
  onFailure: (error: Error) => void,
): SqliteCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      path,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      everyMs: CHECKPOINT_EVERY_MS,
    },
  });
  // Nothing waits on the thread: the process may exit with it running.
  worker.unref();
  let failure: Error | undefined;
  const asked = new Map<number, (result: CheckpointResult | Error) => void>();
  let lastId = 0;
  const failAsked = (error: Error) => {
    for (const answer of asked.values()) answer(error);
    asked.clear();
  };
  worker.on('message', ({ id, result }: { id: number; result: CheckpointResult }) => {
    asked.get(id)?.(result);
    asked.delete(id);
  });
  worker.on('error', (error) => {
    failure = error;
    failAsked(error);
    onFailure(error);
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      failure ??= new Error('the checkpointing thread has stopped');
      failAsked(failure);
      resolve();
    }),
  );
  return {
    checkpoint() {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        lastId += 1;
        asked.set(lastId, (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
        worker.postMessage({ checkpoint: lastId });
      });
    },
    async close() {
      worker.postMessage('close');
      await exited;
    },
  };
}
