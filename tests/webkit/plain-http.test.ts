// `store-landing serve` and `dev` over plain http in WebKit, at 127.0.0.1 and at this machine's LAN address
// (a phone's preview): the page hydrates and every script and asset loads over http.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import type { DevProject } from '../../scripts/dev-fixture.ts';
import { devProject, repoRoot } from '../helpers.ts';
import { lanAddress, visit, waitForHydration, webkitTest, type WebKit } from './webkit.ts';

/** The commands this file started, ended after its tests. */
const running: ChildProcess[] = [];

/**
 * Starts `store-landing <args> -p 0 --json` in `cwd`, as a user starts it; resolves to its URL once it
 * listens (its first JSON says so).
 */
function startCommand(args: string[], cwd = repoRoot): Promise<{ url: string }> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/store-landing.js'), ...args, '-p', '0', '--json'], { cwd });
  running.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const ready = firstJsonValue(output) as { ok: boolean; url: string } | undefined;
      if (!ready) return;
      if (ready.ok) resolve({ url: ready.url });
      else reject(new Error(`store-landing ${args.join(' ')} did not start: ${output}`));
    });
    child.once('exit', (code) => reject(new Error(`store-landing ${args.join(' ')} ended with ${code}: ${output}`)));
  });
}

/** The first whole JSON value of `text`: serve prints its answer over several lines, dev one event a line. */
function firstJsonValue(text: string): unknown {
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', end + 1)) {
    try {
      return JSON.parse(text.slice(0, end));
    } catch {
      // Not a whole value yet: the next line may end it.
    }
  }
  return undefined;
}

/** What the page loaded: each image (lazy ones made eager) once settled, and every resource it fetched. */
interface LoadedAssets {
  images: Array<{ src: string; width: number }>;
  resources: string[];
}

/** Makes every image of the page load, then lists the images and the resources fetched. */
function loadAssets({ driver }: WebKit): Promise<LoadedAssets> {
  return driver.executeAsyncScript<LoadedAssets>(`
    const done = arguments[arguments.length - 1];
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    const settled = () => images.every((image) => image.complete);
    const report = () => done({
      images: images.map((image) => ({ src: image.currentSrc, width: image.naturalWidth })),
      resources: performance.getEntriesByType('resource').map((entry) => entry.name),
    });
    const wait = () => (settled() ? report() : setTimeout(wait, 20));
    wait();
  `);
}

const servers: Record<string, string> = {};
const lan = lanAddress();
const projects: DevProject[] = [];

beforeAll(async () => {
  const outDir = inject('outDir');
  // A project each: a dev watches its project, and a file one writes must not reload the other's page.
  projects.push(await devProject(), await devProject());
  // The LAN previews listen on that address alone, as `--host` says: the Host they are opened with is the one they were started for.
  const [serve, serveLan, dev, devLan] = await Promise.all([
    startCommand(['serve', outDir]),
    startCommand(['serve', outDir, '--host', lan]),
    startCommand(['dev', '-c', 'variants.yaml'], projects[0]!.dir),
    startCommand(['dev', '-c', 'variants.yaml', '--host', lan], projects[1]!.dir),
  ]);
  Object.assign(servers, { serve: serve.url, 'serve --host': serveLan.url, dev: dev.url, 'dev --host': devLan.url });
});

afterAll(async () => {
  await Promise.all(running.map(stopCommand));
  for (const project of projects) await rm(project.dir, { recursive: true, force: true });
});

/** Ends a command as Ctrl+C does (dev removes its temporary folders on the way out); resolves once it has. */
function stopCommand(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

describe('a preview over plain http in WebKit', () => {
  webkitTest.for(['serve', 'serve --host', 'dev', 'dev --host'])(
    'from %s hydrates and loads every script and asset over http',
    async (command, { webkit }) => {
      const url = new URL('feature1', servers[command]);
      expect(url.protocol).toBe('http:');
      expect(url.hostname).toBe(command.endsWith('--host') ? lan : '127.0.0.1');
      await visit(webkit, url.href);
      const { images } = await loadAssets(webkit);
      // The icon and the screenshots, at least.
      expect(images.length).toBeGreaterThan(2);
      for (const image of images) {
        expect(image.src.startsWith(`${url.origin}/assets/`), image.src).toBe(true);
        expect(image.width, image.src).toBeGreaterThan(0);
      }
      await waitForHydration(webkit);
      // Nothing of the page's own was asked for over https, scripts included: WebKit upgrades loopback and LAN addresses too.
      const { resources } = await loadAssets(webkit);
      const own = resources.filter((resource) => new URL(resource).hostname === url.hostname);
      expect(own.filter((resource) => !resource.startsWith(`${url.origin}/`))).toEqual([]);
      expect(own.some((resource) => /\/assets\/client-[A-Z0-9]+\.js$/.test(resource))).toBe(true);
    },
  );
});
