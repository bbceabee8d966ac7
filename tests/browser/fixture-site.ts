// Builds one of the tests' own fixture configs once per test file and serves it, for browser tests that need
// settings variants.yaml does not have.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { parse } from 'yaml';
import { buildSite } from '../../generator/pipeline/index.ts';
import { startServer, type RunningServer } from '../../generator/serve/server.ts';

/** The settings of a fixture the browser tests read back. */
export interface FixtureSettings {
  /** Relative to the fixture's folder. */
  localesDir: string;
  tracking: {
    metaPixelId?: string;
    appsflyer: { webAppId: string; oneLink: { base: string; default: string } };
    deepLink: string;
    attribution: Record<string, string>;
    consent?: 'none' | 'required';
  };
  payments: { braintree: { components: string[] } };
}

export interface FixtureSite {
  /** The fixture's variants.yaml, parsed. */
  readonly settings: FixtureSettings;
  /** The served build's origin, no trailing slash; only while the file's tests run. */
  readonly url: string;
  /** The build's folder; only while the file's tests run. */
  readonly outDir: string;
}

/**
 * Builds `tests/fixtures/site/<name>.yaml` into a temporary folder in a `beforeAll` and serves
 * it on a free port; the `afterAll` stops the server and removes the folder. With `all`, its
 * campaigns are built too, each under its base path. Call at the top of a file.
 */
export function fixtureSite(name: string, options: { all?: boolean } = {}): FixtureSite {
  const config = path.resolve('tests/fixtures/site', `${name}.yaml`);
  const settings = parse(readFileSync(config, 'utf8')) as FixtureSettings;
  let parent: string | undefined;
  let server: RunningServer | undefined;
  let outDir: string | undefined;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), `store-landing-${name}-`));
    outDir = path.join(parent, 'out');
    await buildSite({ config, outDir, all: options.all });
    server = await startServer({ dir: outDir, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    if (parent) await rm(parent, { recursive: true, force: true });
  });
  return {
    settings,
    get url() {
      if (!server) throw new Error(`The ${name} fixture is served only while the file's tests run.`);
      return server.url.replace(/\/$/, '');
    },
    get outDir() {
      if (!outDir) throw new Error(`The ${name} fixture is built only while the file's tests run.`);
      return outDir;
    },
  };
}

/** The runtime config a built page embeds (its client module's URL). */
export function runtimeConfigOf(site: FixtureSite, page: string): { client: string } {
  const html = readFileSync(path.join(site.outDir, page), 'utf8');
  const json = /<script type="application\/json" id="runtime-config">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`No runtime config in ${page}.`);
  return JSON.parse(json) as { client: string };
}
