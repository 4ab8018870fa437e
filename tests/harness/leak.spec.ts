// Secrets never reach an artefact: a child run of a representative part of the suite
// (the browser login, a typed login in a traced test, deliberate contract and UI failures with
// screenshots, error contexts and traces) with a known password against the mock, then
// a search of every report, output folder, zip and console line for the password, the
// session cookies and every token the mock issued. Offline only.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import AdmZip from 'adm-zip';
import { expect, test } from '../../fixtures/index.js';
import { scanArtefacts, scrubArtefacts, type LeakHit } from '../../fixtures/artefact-secrets.js';
import { childEnv, runNode, runPlaywright, tempDir, type ChildRun } from '../../fixtures/child-run.js';

test.beforeEach(({ target }) => {
  test.skip(!target.mock, 'the leak test plants a password in the built-in mock; the target is a remote server');
});

interface LeakRun {
  dir: string;
  run: ChildRun;
  env: NodeJS.ProcessEnv;
  password: string;
}

/** One child run with a fresh random password, its own reports, output and session files. */
async function leakRun(leakProbe: 'on' | 'leak', args: string[]): Promise<LeakRun> {
  const dir = tempDir('leak');
  const password = `canary-${randomBytes(9).toString('base64url')}`;
  const env = childEnv({
    HB_LEAK_PROBE: leakProbe,
    HB_MOCK_PASSWORD: password,
    HB_SECRETS_LOG: join(dir, 'issued-secrets.txt'),
    HB_REPORTS_DIR: join(dir, 'reports'),
    HB_STORAGE_STATE: join(dir, 'state.json'),
  });
  const run = await runPlaywright(['test', '--output', join(dir, 'test-results'), '--retries=1', ...args], env);
  return { dir, run, env, password };
}

/** Every secret of the run, labelled: the password, each issued ticket and token, the saved cookies. */
function secretsOf({ dir, password }: LeakRun): Map<string, string> {
  const secrets = new Map<string, string>([[password, 'the password']]);
  const issued = join(dir, 'issued-secrets.txt');
  if (existsSync(issued)) {
    for (const [i, s] of readFileSync(issued, 'utf8').split('\n').filter(Boolean).entries())
      secrets.set(s, `ticket or token #${i + 1} issued by the mock`);
  }
  const state = join(dir, 'state.json');
  if (existsSync(state)) {
    for (const c of (JSON.parse(readFileSync(state, 'utf8')) as { cookies: { name: string; value: string }[] }).cookies) {
      if (c.value.length >= 6) secrets.set(c.value, `cookie ${c.name}`);
    }
  }
  return secrets;
}

const describeHits = (hits: LeakHit[]) => hits.map((h) => `  ${h.label} in ${h.where}`).join('\n');

test.describe('secrets in artefacts', () => {
  test('the scan finds secrets in nested zips, an HTML report and a single-file Allure report, and the scrub masks them', () => {
    const dir = tempDir('scan');
    const [password, cookie] = ['pw-in-zip-0123456789', 'cookie-value-abcdef012345'];
    const inner = new AdmZip();
    inner.addFile('trace.network', Buffer.from(JSON.stringify({ headers: [{ name: 'Cookie', value: `.AspNet.X=${cookie}` }] })));
    const outer = new AdmZip();
    outer.addFile('resources/trace.zip', inner.toBuffer());
    outer.addFile('post.dat', Buffer.from(`Email=a%40b&Password=${encodeURIComponent(password)}`));
    outer.writeZip(join(dir, 'blob.zip'));
    const embedded = new AdmZip();
    embedded.addFile('report.json', Buffer.from(`{"title":"Fill \\"${password}\\""}`));
    writeFileSync(
      join(dir, 'index.html'),
      `<html><template id="playwrightReportBase64">data:application/zip;base64,${embedded.toBuffer().toString('base64')}</template></html>`,
    );
    writeFileSync(
      join(dir, 'allure.html'),
      `<script>window.allureReportData = {};d("data/a.json","${Buffer.from(`{"c":"${cookie}"}`).toString('base64')}")</script>`,
    );
    writeFileSync(join(dir, 'clean.txt'), 'nothing to see');

    const secrets = new Map([
      [password, 'password'],
      [cookie, 'cookie'],
    ]);
    const where = scanArtefacts([dir], secrets)
      .map((h) => `${h.label} @ ${h.where.slice(dir.length + 1)}`)
      .sort();
    expect(where).toEqual([
      'cookie @ allure.html!data/a.json',
      'cookie @ blob.zip!resources/trace.zip!trace.network',
      'password @ blob.zip!post.dat',
      'password @ index.html!report-data.zip!report.json',
    ]);

    // Only the password is known: the cookie value is found by its place in a Cookie header.
    const scrubbed = scrubArtefacts([dir], [password]);
    expect(scrubbed.files.map((f) => f.slice(dir.length + 1)).sort()).toEqual(['allure.html', 'blob.zip', 'index.html']);
    expect(scanArtefacts([dir], secrets), describeHits(scanArtefacts([dir], secrets))).toEqual([]);
    expect(new AdmZip(new AdmZip(join(dir, 'blob.zip')).readFile('resources/trace.zip')!).readAsText('trace.network')).toContain(
      '.AspNet.X=***',
    );
  });

  test('no password, cookie value or token reaches a report, trace, attachment or the console', async () => {
    // About 40 s on an idle machine; a child suite run is slow on a busy one.
    test.setTimeout(360_000);
    const leak = await leakRun('on', ['--project=setup', '--project=leak-probe', 'tests/setup', 'tests/harness/probes']);
    const { run, dir } = leak;
    const output = `${run.stdout}\n${run.stderr}`;
    // The probes fail on purpose (twice each, with the retry); everything else passes.
    expect(run.status, `exit status (null: killed after the time limit)\n${output}`).toBe(1);
    expect(output).toMatch(/2 failed/);
    // Playwright's own closing lines (`  1 flaky`); the run's summary names every column, zeros included.
    expect(output).not.toMatch(/^ +\d+ (flaky|interrupted|did not run)$/m);
    expect(output).toContain('1 passed, 2 failed, 0 flaky, 1 skipped');

    const report = await runNode('node_modules/tsx/dist/cli.mjs', ['scripts/report.ts'], leak.env);
    expect(report.status, `${report.stdout}\n${report.stderr}`).toBe(0);

    // The evidence a failure leaves is there to be searched: trace, screenshot, error context, exchanges.
    const results = readdirSync(join(dir, 'test-results'), { recursive: true }).map(String);
    expect(results.filter((f) => f.endsWith('trace.zip')).length, 'traces of the retries').toBeGreaterThanOrEqual(2);
    expect(
      results.some((f) => f.endsWith('.png')),
      'a failure screenshot',
    ).toBe(true);
    expect(
      results.some((f) => f.endsWith('error-context.md')),
      'an error context',
    ).toBe(true);
    const allure = readdirSync(join(dir, 'reports', 'allure-results'));
    expect(
      allure.some((f) => f.endsWith('.json') && readFileSync(join(dir, 'reports', 'allure-results', f), 'utf8').includes('"endpointId"')),
      'the masked exchange of the contract failure',
    ).toBe(true);

    const secrets = secretsOf(leak);
    expect(secrets.size, 'the password, the session ticket and the tokens the mock issued').toBeGreaterThan(5);
    const hits = scanArtefacts([join(dir, 'reports'), join(dir, 'test-results')], secrets, {
      "the child run's console output": output,
      "npm run report's console output": `${report.stdout}\n${report.stderr}`,
    });
    expect(hits, `secrets found:\n${describeHits(hits)}`).toEqual([]);
  });

  test('the scan reports a password printed to the console on purpose', async () => {
    test.setTimeout(120_000);
    const leak = await leakRun('leak', ['--project=leak-probe', '--no-deps', '--grep', 'printed on purpose', 'tests/harness/probes']);
    expect(leak.run.status, leak.run.stdout + leak.run.stderr).toBe(0);
    const hits = scanArtefacts([join(leak.dir, 'reports'), join(leak.dir, 'test-results')], secretsOf(leak), {
      console: `${leak.run.stdout}\n${leak.run.stderr}`,
    });
    expect(hits).toContainEqual({ where: 'console', label: 'the password' });
  });
});
