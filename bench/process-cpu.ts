import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * Where a benchmark window's CPU went, by role (Linux: /proc). On a machine of two cores the
 * load generator, the server, the database and Redis share the same cores, so a ratio of
 * rates is a ratio of CPU spent per message: these figures show which side spends it
 * (docs/performance.md, "Realtime"). Elsewhere (no /proc) every reading is empty.
 */
export type Role = 'load generator' | 'server' | 'database' | 'Redis' | 'kernel';

export type CpuReading = Map<Role, number>;

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function roleOf(pid: number, command: string, serverPid: number): Role | undefined {
  if (pid === process.pid) return 'load generator';
  if (pid === serverPid) return 'server';
  if (command.startsWith('postgres')) return 'database';
  if (command.startsWith('redis-server')) return 'Redis';
  // The kernel's own threads: the loopback's and the disk's deferred work (writeback, ext4).
  if (command.startsWith('kworker') || command.startsWith('ksoftirqd')) return 'kernel';
  return undefined;
}

/** CPU seconds used so far (user + system, all threads) by each role's processes. */
export function readCpu(serverPid: number): CpuReading {
  const reading: CpuReading = new Map();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return reading;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // proc(5): "pid (comm) state ..."; comm may hold spaces, so split after its last ')'.
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const role = roleOf(Number(pid), command, serverPid);
    if (!role) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    reading.set(role, (reading.get(role) ?? 0) + ticks / ticksPerSecond);
  }
  return reading;
}

/** Adds what each role used between two readings into `into`. */
export function addCpuBetween(into: CpuReading, before: CpuReading, after: CpuReading) {
  for (const [role, seconds] of after) {
    const used = seconds - (before.get(role) ?? 0);
    if (used > 0) into.set(role, (into.get(role) ?? 0) + used);
  }
}

/** "load generator 502 µs, server 95 µs, …" per message, largest first. */
export function describeCpuPerMessage(used: CpuReading, messages: number): string {
  if (used.size === 0 || messages === 0) return 'not measured (no /proc)';
  return [...used]
    .sort(([, a], [, b]) => b - a)
    .map(([role, seconds]) => `${role} ${((seconds * 1e6) / messages).toFixed(0)} µs`)
    .join(', ');
}
