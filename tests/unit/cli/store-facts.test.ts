// `store-facts` against a local fake of the App Store's lookup service: the facts side by side, --check, --write
// keeping the YAML's comments, and one clear line for each way the service fails.
import { copyFileSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, fixturesDir, runCli, temporaryDir } from '../../helpers.ts';

const answer = JSON.parse(readFileSync(path.join(fixturesDir, 'store-facts/lookup-pictura.json'), 'utf8'));
const listing = answer.results[0];

/** The fake's answers by app id. */
const ANSWERS: Record<string, { status?: number; body?: string; hang?: true }> = {
  '1': { body: JSON.stringify(answer) },
  // The store moved on: an integer rating, more ratings, a new version, release and size.
  '2': {
    body: JSON.stringify({
      resultCount: 1,
      results: [
        {
          ...listing,
          averageUserRating: 5,
          userRatingCount: 31000,
          version: '1.15',
          currentVersionReleaseDate: '2025-11-20T09:00:00Z',
          fileSizeBytes: '71234567',
        },
      ],
    }),
  },
  '3': { body: '{"resultCount":0,"results":[]}' },
  '4': { status: 429, body: 'Too Many Requests' },
  '5': { status: 403, body: '<html>Forbidden</html>' },
  '6': { status: 503, body: 'Service Unavailable' },
  '7': { body: '<html>not json' },
  '8': { hang: true },
};

let server: Server;
let lookupUrl = '';
const requests: URLSearchParams[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://fake').searchParams;
    requests.push(query);
    const found = ANSWERS[query.get('id') ?? ''];
    if (found?.hang) return;
    response.writeHead(found?.status ?? 200, { 'content-type': 'text/javascript; charset=utf-8' });
    response.end(found?.body ?? '{"resultCount":0,"results":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  lookupUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lookup`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A copy of the site fixture's config to write into. */
async function configCopy(): Promise<string> {
  const file = path.join(await temporaryDir(), 'variants.yaml');
  copyFileSync(defaultConfig, file);
  return file;
}

const storeFacts = (config: string, ...args: string[]) =>
  runCli(['store-facts', '-c', config, '--lookup-url', lookupUrl, '--country', 'us', ...args]);

describe('store-facts', () => {
  it('shows each fact side by side and agrees within tolerance, through the quirks of the answer', async () => {
    const result = await storeFacts(defaultConfig, '--app-id', '1', '--check');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Pictura: AI Image Creator in the US App Store:');
    expect(result.stdout).toMatch(/✓ rating +4\.5 +4\.5 /);
    expect(result.stdout).toMatch(/✓ ratings +25600 +25612 /);
    expect(result.stdout).toMatch(/✓ size \(MB\) +64\.7 +64\.7 /);
    expect(result.stdout).toMatch(/✓ minimum iOS +15\.0 +15\.0 /);
    expect(result.stdout).toMatch(/✓ release date +2025-10-14 +2025-10-14 /);
    expect(requests.at(-1)?.get('country')).toBe('us');
  });

  it('--check exits 1 when a fact drifted, and --json names each', async () => {
    const result = await storeFacts(defaultConfig, '--app-id', '2', '--check', '--json');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.ok).toBe(false);
    expect(report.facts.filter((row: { agrees: boolean }) => !row.agrees).map((row: { fact: string }) => row.fact)).toEqual([
      'rating',
      'ratings',
      'version',
      'size (MB)',
      'release date',
    ]);
  });

  it('--write sets the drifted facts in place, keeping comments, quotes and layout', async () => {
    const config = await configCopy();
    const before = readFileSync(config, 'utf8');
    const result = await storeFacts(config, '--app-id', '2', '--write');
    expect(result.code).toBe(0);
    const after = readFileSync(config, 'utf8');
    const expected = before
      .replace('  rating: 4.5\n', '  rating: 5\n')
      .replace('  ratingCount: 25600\n', '  ratingCount: 31000\n')
      .replace('  version: "1.14"\n', '  version: "1.15"\n')
      .replace('  sizeMB: 64.7\n', '  sizeMB: 71.2\n')
      .replace('  releaseDate: 2025-10-14\n', '  releaseDate: 2025-11-20\n');
    expect(expected).not.toBe(before);
    expect(after).toBe(expected);
    // Now they agree.
    expect((await storeFacts(config, '--app-id', '2', '--check')).code).toBe(0);
  });

  it.each([
    ['3', 'The App Store has no app with id 3 in the US storefront.'],
    ['4', 'refused the request (HTTP 429): it allows about 20 requests a minute.'],
    ['5', 'refused the request (HTTP 403)'],
    ['6', 'failed (HTTP 503).'],
    ['7', 'answered with no usable listing: the answer is not JSON.'],
  ])('app %s: one clear line, exit 1, nothing written', async (appId, message) => {
    const config = await configCopy();
    const before = readFileSync(config, 'utf8');
    const result = await storeFacts(config, '--app-id', appId, '--write');
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(config, 'utf8')).toBe(before);
  });

  it('gives up on a lookup that never answers after --timeout', async () => {
    const result = await storeFacts(defaultConfig, '--app-id', '8', '--timeout', '0.5');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The App Store lookup at ${lookupUrl} did not answer within 0.5 s.`);
  });

  it('takes the id from app.appStoreId, and refuses --write with --check', async () => {
    const withId = await runCli(['store-facts', '-c', path.join(fixturesDir, 'markets/iphone-ja.yaml'), '--lookup-url', lookupUrl]);
    expect(requests.at(-1)?.get('id')).toBe('284882215');
    expect(withId.code).toBe(1);
    const both = await storeFacts(defaultConfig, '--app-id', '1', '--write', '--check');
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('--write and --check do not go together.');
  });
});

describe('updatedYaml', () => {
  it('quotes a version written plain, so it stays a text, and leaves a fact the config lacks alone', async () => {
    const { updatedYaml } = await import('../../../generator/store-facts/write.ts');
    const rows = [
      { fact: 'version', keyPath: ['app', 'version'], config: 1.14, store: '1.15', agrees: false, tolerance: 'equal' },
      {
        fact: 'minimum iOS',
        keyPath: ['app', 'compatibility', 'iOS'],
        config: undefined,
        store: '16.0',
        agrees: false,
        tolerance: 'equal',
      },
    ];
    expect(updatedYaml('app:\n  version: 1.14 # plain\n  compatibility: { macOS: "12.0" }\n', rows)).toBe(
      'app:\n  version: "1.15" # plain\n  compatibility: { macOS: "12.0" }\n',
    );
  });
});
