// Secrets never reach an artefact. The scan itself, on planted files (pure); then the canary
// (tests/harness/artefacts/canary/): a login typed with a planted password in a traced
// failing test, a contract break with its exchange attached, a skip reason naming the password,
// all reported, merged and reported again. Every report, output folder, zip and console line of
// it is searched for the password, the session cookies and every token the canary's mocks issued.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { scanArtefacts, scrubArtefacts, type LeakHit } from '../../../reporting/artefact-secrets.js';
import { scratchDir } from '../../../child-runs/child-run.js';
import { MIN_SECRET_LENGTH } from '../../../client/secrets.js';
import { expect, test, type Canary } from './canary.fixture.js';

/** Every secret of the canary, labelled: the password, each issued ticket and token, the saved session's cookies. */
function secretsOf(canary: Canary): Map<string, string> {
  const secrets = new Map<string, string>([[canary.password, 'the password']]);
  if (existsSync(canary.secretsLog)) {
    for (const [i, s] of readFileSync(canary.secretsLog, 'utf8').split('\n').filter(Boolean).entries())
      secrets.set(s, `ticket or token #${i + 1} issued by the mock`);
  }
  for (const c of (JSON.parse(readFileSync(canary.storageState, 'utf8')) as { cookies: { name: string; value: string }[] }).cookies) {
    if (c.value.length >= MIN_SECRET_LENGTH) secrets.set(c.value, `cookie ${c.name}`);
  }
  return secrets;
}

const describeHits = (hits: LeakHit[]) => hits.map((h) => `  ${h.label} in ${h.where}`).join('\n');

test.describe('secrets in artefacts', () => {
  test('the scan finds secrets in nested zips, an HTML report, a single-file Allure report and the console; the scrub masks them', () => {
    const dir = scratchDir('scan');
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
    const where = scanArtefacts([dir], secrets, { console: `deliberate leak: ${password}` })
      .map((h) => `${h.label} @ ${h.where.startsWith(dir) ? h.where.slice(dir.length + 1) : h.where}`)
      .sort();
    expect(where).toEqual([
      'cookie @ allure.html!data/a.json',
      'cookie @ blob.zip!resources/trace.zip!trace.network',
      'password @ blob.zip!post.dat',
      'password @ console',
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

  test("the scrub masks only the run's secrets: a report's script next to a secret-looking name and short values stay as they were", () => {
    const dir = scratchDir('scrub-code');
    const token = 'CfDJ8-issued-token-0123456789';
    const script = 'e.password=null;let i=await f(e);if(!e)return null;let o={"Password":"null;let"};x.hallId=42';
    writeFileSync(join(dir, 'app.js'), script);
    writeFileSync(join(dir, 'post.txt'), `Email=a%40b&Password=pw-known-0123&__RequestVerificationToken=${token}`);
    const scrubbed = scrubArtefacts([dir], ['pw-known-0123', 'short']);
    expect(readFileSync(join(dir, 'app.js'), 'utf8'), 'the script, untouched').toBe(script);
    expect(readFileSync(join(dir, 'post.txt'), 'utf8')).toBe('Email=a%40b&Password=***&__RequestVerificationToken=***');
    expect(scrubbed.secrets, 'the password and the issued token; not the short value').toBe(2);
  });

  test('no password, cookie value or token of the canary reaches a report, trace, attachment or the console', ({ canary }) => {
    // The evidence a failure leaves is there to be searched: trace, screenshot, error context, exchanges.
    const results = readdirSync(canary.results, { recursive: true }).map(String);
    expect(results.filter((f) => f.endsWith('trace.zip')).length, 'traces of the failed first tries').toBeGreaterThanOrEqual(2);
    expect(
      results.some((f) => f.includes('failing-exchange-first') && f.endsWith('trace.zip')),
      "the probe's trace, its typed login in it",
    ).toBe(true);
    expect(
      results.some((f) => f.endsWith('.png')),
      'a failure screenshot',
    ).toBe(true);
    expect(
      results.some((f) => f.endsWith('error-context.md')),
      'an error context',
    ).toBe(true);
    const allure = join(canary.reports, 'allure-results');
    expect(
      readdirSync(allure).some((f) => f.endsWith('.json') && readFileSync(join(allure, f), 'utf8').includes('"endpointId"')),
      'the masked exchange of the contract failure',
    ).toBe(true);
    expect(existsSync(join(canary.merged, 'allure-report', 'index.html')), 'the Allure report of the merge').toBe(true);

    const secrets = secretsOf(canary);
    expect(secrets.size, 'the password, the session ticket and the tokens the mock issued').toBeGreaterThan(5);
    const consoles = Object.fromEntries([
      ["the canary's console output", `${canary.run.stdout}\n${canary.run.stderr}`],
      ...canary.merges.map((m, i) => [`npm run report${i ? '' : ' -- --merge'}'s console output`, `${m.stdout}\n${m.stderr}`]),
    ]) as Record<string, string>;
    const hits = scanArtefacts([canary.reports, canary.merged], secrets, consoles);
    expect(hits, `secrets found:\n${describeHits(hits)}`).toEqual([]);
  });
});
