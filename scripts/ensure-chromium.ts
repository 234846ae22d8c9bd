import { spawnSync } from 'node:child_process';
import { findChromium } from '../e2e/support/find-chromium';

/**
 * Runs before `npm test` and the browser tests (issue 23 item 17): makes sure a Chromium is
 * there, so a fresh machine fails in the first second with one clear line, not after the
 * unit tests with a launch error. As root with apt-get it installs Debian's package itself,
 * as CI did before; anyone else is told exactly what to install.
 */
const HOW_TO_INSTALL =
  'Browser tests need Chromium: run `sudo apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chrome or Chromium binary.';

function canInstallWithApt(): boolean {
  const isRoot = process.getuid?.() === 0;
  return isRoot && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

function installDebianChromium(): boolean {
  console.log("::: installing Debian's chromium for the browser tests (apt-get, as root)");
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args: string[]) =>
    spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: environment })
      .status === 0;
  return run(['update', '-qq']) && run(['install', '-y', '-qq', 'chromium']);
}

let found = findChromium();
if (!found && !process.env.CHROMIUM_PATH && canInstallWithApt() && installDebianChromium()) {
  found = findChromium();
}
if (!found) {
  console.error(
    process.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file. ${HOW_TO_INSTALL}`
      : HOW_TO_INSTALL,
  );
  process.exit(1);
}
