import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fileFlusher, groupSync } from './group-sync';

/** A sync that the test finishes by hand. */
function manualSync() {
  const runs: { finish: () => void; fail: (error: Error) => void }[] = [];
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      runs.push({ finish: resolve, fail: reject });
    });
  return { runs, sync };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

it('starts a sync at once when none is running', async () => {
  const { runs, sync } = manualSync();
  const afterWrites = groupSync(sync);
  const waiting = afterWrites();
  expect(runs).toHaveLength(1);
  runs[0]!.finish();
  await expect(waiting).resolves.toBeUndefined();
});

it('makes the callers that arrive during a sync wait for one next sync, started after it', async () => {
  const { runs, sync } = manualSync();
  const afterWrites = groupSync(sync);
  const first = afterWrites();
  // Written after the first sync began: it may not cover them.
  const later = [afterWrites(), afterWrites(), afterWrites()];
  expect(runs).toHaveLength(1);
  runs[0]!.finish();
  await first;
  expect(await settled(Promise.all(later))).toBe(false);
  expect(runs).toHaveLength(2);
  runs[1]!.finish();
  await Promise.all(later);
  expect(runs).toHaveLength(2);
});

it('fails the callers of a failed sync, and the next callers get a new one', async () => {
  const { runs, sync } = manualSync();
  const afterWrites = groupSync(sync);
  const failing = afterWrites();
  const queued = afterWrites();
  runs[0]!.fail(new Error('EIO'));
  await expect(failing).rejects.toThrow('EIO');
  await new Promise((resolve) => setImmediate(resolve));
  runs[1]!.finish();
  await expect(queued).resolves.toBeUndefined();
  const again = afterWrites();
  runs[2]!.finish();
  await expect(again).resolves.toBeUndefined();
});

it('flushes a real file through a descriptor it keeps', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fsync-'));
  try {
    await writeFile(join(dir, 'log'), 'frames');
    const log = fileFlusher(join(dir, 'log'));
    await expect(log.flush()).resolves.toBeUndefined();
    await appendFile(join(dir, 'log'), 'more frames');
    await expect(log.flush()).resolves.toBeUndefined();
    await log.close();
    await expect(log.flush()).rejects.toThrow(/closed/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('fails every flush after one failed: a lost write is never reported flushed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fsync-'));
  try {
    const log = fileFlusher(join(dir, 'log'));
    await expect(log.flush()).rejects.toThrow(/ENOENT/);
    await writeFile(join(dir, 'log'), 'frames');
    await expect(log.flush()).rejects.toThrow(/ENOENT/);
    await log.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
