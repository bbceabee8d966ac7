// `store-landing dev` in process on a copied project: rebuilds on edits, tells connected pages, keeps the
// last good build on errors, and adds its script to dev responses only.
import { existsSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../../generator/serve/server.ts';
import { startDev, type DevEvent, type DevServer } from '../../../generator/dev/index.ts';
import { PAGE_DIR } from '../../../generator/dev/reload.ts';
import { isMarked } from '../../../generator/shared/ownership.ts';
import { ConfigError } from '../../../generator/shared/errors.ts';
import { failureJson } from '../../../generator/cli/report.ts';
import { DevEvents, type DevProject } from '../../../scripts/dev-fixture.ts';
import { devProject, repoRoot, temporaryDir } from '../../helpers.ts';

let project: DevProject;
let dev: DevServer;
let events: DevEvents;
const reported: DevEvent[] = [];

beforeAll(async () => {
  // A cache of its own: the suite's shared one may hold the edited image from an earlier run (counted below).
  vi.stubEnv('STORE_LANDING_CACHE_DIR', await temporaryDir());
  project = await devProject();
  dev = await startDev({ config: project.config, port: 0, onEvent: (event) => reported.push(event) });
  events = await DevEvents.connect(dev.url);
});

afterAll(async () => {
  events?.close();
  await dev?.close();
  vi.unstubAllEnvs();
});

const page = async (urlPath: string, headers: Record<string, string> = {}) => {
  const response = await fetch(new URL(urlPath, dev.url), { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
};

/** The last rebuilt or failed event dev reported. */
const lastReport = () => reported.at(-1)!;

describe('store-landing dev', () => {
  it('builds, serves the pages with its script added, and reports ready', async () => {
    expect(reported[0]).toMatchObject({ type: 'ready', url: dev.url, build: { ok: true } });
    const { status, html, headers } = await page('/de/feature1', { 'Accept-Encoding': 'br, gzip' });
    expect(status).toBe(200);
    expect(html).toContain('<template id="module-scripts"><script type="module" src="/__store-landing/client.js"></script>');
    // Sent as it is and never cached: dev rewrites pages in place.
    expect(headers.get('content-encoding')).toBeNull();
    expect(headers.get('cache-control')).toBe('no-store');
    // The pages' own policy allows the script (script-src 'self') and the stream (connect-src 'self') unchanged.
    expect(headers.get('content-security-policy')).toMatch(/script-src 'self'.*connect-src 'self'/);
    // Over plain http WebKit would upgrade the page's own requests to https (tests/webkit/plain-http.test.ts).
    expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(html).not.toContain('upgrade-insecure-requests');
    const script = await page('/__store-landing/client.js');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.html).toContain('EventSource');
  });

  it('refuses its event stream and pages to a host name it was not started for (a rebound DNS name)', async () => {
    const status = (urlPath: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpGet(new URL(urlPath, dev.url), { headers: { Host: host } }, (response) => {
          resolve(response.statusCode!);
          response.destroy();
        });
        req.on('error', reject);
      });
    expect(await status('/__store-landing/events', 'evil.example')).toBe(403);
    expect(await status('/de/feature1', 'evil.example')).toBe(403);
    expect(await status('/de/feature1', 'localhost')).toBe(200);
  });

  it('builds into a temporary folder it marked as its own, the only kind of folder it removes when it stops', () => {
    expect(path.dirname(dev.outDir).startsWith(tmpdir())).toBe(true);
    expect(isMarked(path.dirname(dev.outDir), 'dev')).toBe(true);
  });

  it('adds the script to 404 pages too, but never to what `serve` sends or to the files it writes', async () => {
    expect((await page('/no-such-page')).html).toContain('/__store-landing/client.js');
    const onDisk = await readFile(path.join(dev.outDir, 'de/feature1/index.html'), 'utf8');
    expect(onDisk).not.toContain('__store-landing');
    const serve = await startServer({ dir: dev.outDir, port: 0 });
    const body = await (await fetch(new URL('/de/feature1', serve.url))).text();
    await serve.close();
    expect(body).toContain('<div id="root">');
    expect(body).not.toContain('__store-landing');
  });

  it('rebuilds a locale string edit and tells the open pages to reload', async () => {
    events.drain();
    const de = JSON.parse(project.read('locales/de.json'));
    de.app.subtitle = 'Eine Idee tippen, frisch aus dem Test';
    project.write('locales/de.json', JSON.stringify(de, null, 2));
    await events.next('reload');
    expect(lastReport()).toMatchObject({ type: 'rebuilt', files: [path.join(project.dir, 'locales/de.json')] });
    const rebuilt = lastReport() as Extract<DevEvent, { type: 'rebuilt' }>;
    // Only the German pages' text changed; the English ones change only in the new hashed name of the German bundle.
    expect(rebuilt.changedFiles).toEqual(expect.arrayContaining(['de/index.html', 'de/feature1/index.html']));
    expect(rebuilt.result.images.encoded).toBe(0);
    expect((await page('/de/feature1')).html).toContain('Eine Idee tippen, frisch aus dem Test');
    expect((await page('/feature1')).html).not.toContain('frisch aus dem Test');
  });

  it('shows a broken YAML as an error naming the line, keeps serving the last good build, and clears it when fixed', async () => {
    const good = project.read('variants.yaml');
    events.drain();
    project.write('variants.yaml', good.replace(/^ {2}rating: 4\.5$/m, '  rating: [4.5'));
    const error = await events.next('error');
    const line = good.split('\n').indexOf('  rating: 4.5') + 1;
    expect(error.problems).toEqual([expect.objectContaining({ location: `${project.config}:${line}:11` })]);
    expect((error.problems as Array<{ frame: string }>)[0]!.frame).toMatch(new RegExp(`^> +${line} \\| {3}rating: \\[4\\.5$`, 'm'));
    expect(lastReport()).toMatchObject({ type: 'failed' });
    // The last good build is still what is served.
    const served = await page('/de/feature1');
    expect(served.status).toBe(200);
    expect(served.html).toContain('frisch aus dem Test');
    // A page opened meanwhile is told at once.
    const late = await DevEvents.connect(dev.url);
    expect((await late.next()).type).toBe('error');
    late.close();

    project.write('variants.yaml', good);
    await events.next('ok');
    expect(lastReport()).toMatchObject({ type: 'rebuilt', changedFiles: [] });
  });

  it('encodes only the image that changed', async () => {
    const screenshot = 'images/screenshots/feature1-1.svg';
    const before = (await page('/feature1')).html;
    events.drain();
    project.write(screenshot, project.read(screenshot).replace('</svg>', '<circle cx="10" cy="10" r="5" fill="red"/></svg>'));
    await events.next('reload');
    const rebuilt = lastReport() as Extract<DevEvent, { type: 'rebuilt' }>;
    // One raster screenshot: AVIF and WebP at 1x, 2x and 3x, and nothing else encoded or read again.
    expect(rebuilt.result.images).toEqual({ encoded: 6, cached: 0 });
    const oldName = /feature1-1-([0-9a-f]{10})-163\.avif/.exec(before)![1];
    const newName = /feature1-1-([0-9a-f]{10})-163\.avif/.exec((await page('/feature1')).html)![1];
    expect(newName).not.toBe(oldName);
  });

  it('loads a fresh copy of the page code when page/ changes', async () => {
    events.drain();
    await dev.rebuild([path.join(PAGE_DIR, 'view/app.tsx')]);
    expect(lastReport()).toMatchObject({ type: 'rebuilt' });
    // Compiled afresh from the sources on disk, and imported from there.
    expect(existsSync(path.join(repoRoot, 'node_modules/.cache/store-landing', `dev-${process.pid}`, '1', 'pipeline.js'))).toBe(true);
    // The same code on disk: a fresh render of them gives the same pages. (The host adapters
    // embed functions by their compiled text, which another compiler spaces differently.)
    const changed = (lastReport() as Extract<DevEvent, { type: 'rebuilt' }>).changedFiles;
    expect(changed.filter((file) => !file.startsWith('_hosting/'))).toEqual([]);
  });

  it('reports a config problem of the fresh pipeline as problems, as --json prints them, not as an internal error', async () => {
    const config = project.read('variants.yaml');
    try {
      project.write('variants.yaml', config.replace('rating: 4.5', 'rating: 9'));
      await dev.rebuild([project.config]);
      const failed = lastReport() as Extract<DevEvent, { type: 'failed' }>;
      expect(failed.type).toBe('failed');
      // The fresh pipeline's ConfigError is another class than this process's: still a config error.
      expect(failed.error).toBeInstanceOf(ConfigError);
      expect(failureJson(failed.error)).toMatchObject({ ok: false, problems: [{ path: 'app.rating' }] });
    } finally {
      project.write('variants.yaml', config);
      await dev.rebuild([project.config]);
    }
  });
});

describe('closing dev', () => {
  /** The folders this process watches, every one a handle that keeps it alive. */
  const watchers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'FSEventWrap').length;

  it('during a rebuild of the config (Ctrl+C right after a save) leaves nothing watched, so the process ends', async () => {
    const own = await devProject();
    const before = watchers();
    const session = await startDev({ config: own.config, port: 0 });
    expect(watchers()).toBeGreaterThan(before);
    // The rebuild of a config ends by watching what the config now names.
    const rebuilding = session.rebuild([own.config]);
    await session.close();
    await rebuilding;
    expect(watchers()).toBe(before);
  });
});

describe('starting dev', () => {
  it('watches what a failed first build looked for in vain: the missing image, once added, is built', async () => {
    const own = await devProject();
    const screenshot = 'images/screenshots/feature1-1.svg';
    const artwork = own.read(screenshot);
    rmSync(path.join(own.dir, screenshot));
    const seen: DevEvent[] = [];
    const session = await startDev({ config: own.config, port: 0, onEvent: (event) => seen.push(event) });
    try {
      expect(seen[0]).toMatchObject({ type: 'ready', build: { ok: false } });
      own.write(screenshot, artwork);
      await vi.waitFor(() => expect(seen.map((event) => event.type)).toEqual(['ready', 'rebuilt']), { timeout: 15_000 });
      expect(seen[1]).toMatchObject({ files: [path.join(own.dir, screenshot)] });
    } finally {
      await session.close();
    }
  });

  it('rebuilds a file saved while the first build ran, before anything watched it', async () => {
    const own = await devProject();
    const de = JSON.parse(own.read('locales/de.json'));
    de.app.subtitle = 'Gespeichert, während dev noch baute';
    let saved = false;
    const seen: DevEvent[] = [];
    const session = await startDev({
      config: own.config,
      port: 0,
      // The first progress report comes from the first build, long before the watchers start.
      onProgress: () => {
        if (saved) return;
        saved = true;
        own.write('locales/de.json', JSON.stringify(de, null, 2));
      },
      onEvent: (event) => seen.push(event),
    });
    try {
      expect(saved).toBe(true);
      await vi.waitFor(() => expect(seen.map((event) => event.type)).toEqual(['ready', 'rebuilt']), { timeout: 15_000 });
      expect(seen[1]).toMatchObject({ files: [path.join(own.dir, 'locales/de.json')] });
      const html = await (await fetch(new URL('/de/feature1', session.url))).text();
      expect(html).toContain('Gespeichert, während dev noch baute');
    } finally {
      await session.close();
    }
  });
});
