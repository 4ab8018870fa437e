#!/usr/bin/env node
// Makes sure a Chromium is there for the suite: Playwright's own if installed, else the
// system's. On Debian as root it installs the `chromium` package (Playwright's browser
// download needs the internet) and its headless shell, `chromium-headless-shell`, which headless
// runs launch instead (fixtures/browser.ts); elsewhere it says exactly what to do.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const say = (m) => console.log(`setup: ${m}`);
let bundled;
try {
  bundled = chromium.executablePath();
} catch {
  bundled = undefined;
}
if (bundled && existsSync(bundled)) {
  say(`Playwright's Chromium is installed (${bundled}).`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  if (existsSync(process.env.CHROMIUM_PATH)) {
    say(`using CHROMIUM_PATH=${process.env.CHROMIUM_PATH}`);
    process.exit(0);
  }
  console.error(`setup: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
  process.exit(1);
}
const SHELL = '/usr/bin/chromium-headless-shell';
const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
const debian = /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease);
const root = typeof process.getuid === 'function' && process.getuid() === 0;
/** apt-get update, then install `pkg`; each step stopped after five minutes (apt's own output shown). */
const install = (pkg) => {
  say(`installing Debian's ${pkg} package (apt-get update && apt-get install -y ${pkg}) …`);
  const run = (args) =>
    execFileSync('apt-get', args, { stdio: 'inherit', timeout: 300_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['update']);
  run(['install', '-y', '--no-install-recommends', pkg]);
};
/** The headless shell beside /usr/bin/chromium, where apt has it (Debian 12 does; some others do not): optional. */
const installShell = () => {
  if (existsSync(SHELL) || !debian || !root) return;
  try {
    install('chromium-headless-shell');
  } catch {
    say('the headless shell did not install: headless runs launch /usr/bin/chromium, at a third more CPU.');
  }
};

if (existsSync('/usr/bin/chromium')) {
  say('using the system Chromium at /usr/bin/chromium.');
  installShell();
  say(
    existsSync(SHELL)
      ? `headless runs launch its headless shell, ${SHELL}.`
      : 'headless runs take a third less CPU with its headless shell: apt-get install chromium-headless-shell',
  );
  process.exit(0);
}

if (debian && root) {
  install('chromium');
  if (existsSync('/usr/bin/chromium')) {
    say('Chromium installed at /usr/bin/chromium.');
    installShell();
    process.exit(0);
  }
  console.error('setup: apt-get finished but /usr/bin/chromium is missing.');
  process.exit(1);
}
console.error(`setup: no Chromium found. Do one of these, then run the tests:
  - with internet access:       npx playwright install chromium
  - on Debian/Ubuntu as root:   apt-get update && apt-get install -y chromium
  - on Debian/Ubuntu, not root: sudo apt-get update && sudo apt-get install -y chromium
  - any other Chromium/Chrome:  export CHROMIUM_PATH=/path/to/chrome`);
process.exit(1);
