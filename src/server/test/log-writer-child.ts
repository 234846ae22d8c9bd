import { stdoutLines } from '../http/log-destination';

// Run by log-destination.test.ts: writes numbered lines over several turns of the event loop,
// then exits at once, with the last turn's lines not yet handed to the writer.
const [perTurn = 1000, turns = 3] = process.argv.slice(2).map(Number);
const out = stdoutLines();
let next = 0;
const filler = 'x'.repeat(80);
for (let turn = 0; turn < turns; turn += 1) {
  for (let index = 0; index < perTurn; index += 1) out.write(`line ${(next += 1)} ${filler}\n`);
  await new Promise((resolve) => setImmediate(resolve));
}
for (let index = 0; index < perTurn; index += 1) out.write(`line ${(next += 1)} ${filler}\n`);
process.exit(0);
