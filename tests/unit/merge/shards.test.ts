// CI at scale: --all is a servable site, shards split by pages, and shards merged are byte for byte one --all build.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { loadConfig } from '../../../generator/config/load.ts';
import { validateSite } from '../../../generator/pipeline/check.ts';
import { configFingerprint } from '../../../generator/pipeline/fingerprint.ts';
import { mergeShards } from '../../../generator/merge/index.ts';
import { startServer } from '../../../generator/serve/server.ts';
import { selectCampaigns } from '../../../generator/pipeline/plan.ts';
import type { UserError } from '../../../generator/shared/errors.ts';
import { copySiteFiles, fixtureConfig, repoRoot, snapshot, temporaryDir, waitForEntry } from '../../helpers.ts';

const config = fixtureConfig('shards');
const SHARDS = 3;
let work: string;

beforeAll(async () => {
  work = await temporaryDir();
  await buildSite({ config, outDir: path.join(work, 'all'), all: true });
  for (let index = 1; index <= SHARDS; index++) {
    await buildSite({ config, outDir: path.join(work, `shard-${index}`), all: true, shard: { index, count: SHARDS } });
  }
}, 240_000);

describe('build --all --shard I/N', () => {
  it('splits by pages: every shard has work, sizes within one campaign of each other, each campaign once', async () => {
    const valid = await validateSite(await loadConfig(config));
    const shards = [1, 2, 3].map((index) => selectCampaigns(valid.site, { all: true, shard: { index, count: SHARDS } }));
    const pages = shards.map((plans) => plans.reduce((total, plan) => total + plan.pages.length, 0));
    expect(shards.every((plans) => plans.length > 0)).toBe(true);
    expect(Math.max(...pages) - Math.min(...pages)).toBeLessThanOrEqual(4);
    expect(
      shards
        .flat()
        .map((plan) => plan.name ?? '(top level)')
        .sort(),
    ).toEqual(['(top level)', 'alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf']);
  });

  it('writes only its own part: no host files, and a manifest that says which shard it is, and of what', async () => {
    const fingerprints = new Set<string>();
    for (let index = 1; index <= SHARDS; index++) {
      const files = Object.keys(await snapshot(path.join(work, `shard-${index}`)));
      expect(files.filter((file) => file.startsWith('_hosting/') || file === '_headers')).toEqual([]);
      const manifest = JSON.parse(await readFile(path.join(work, `shard-${index}`, 'manifest.json'), 'utf8'));
      expect(manifest.shard).toEqual({ index, count: SHARDS, fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
      fingerprints.add(manifest.shard.fingerprint);
    }
    // One config, one tool version: one fingerprint.
    expect(fingerprints.size).toBe(1);
  });
});

describe('configFingerprint', () => {
  it('ignores comments and key order, and changes with a message or an image', async () => {
    const project = await temporaryDir();
    copySiteFiles(project);
    const file = path.join(project, 'shards.yaml');
    const fingerprint = async (yaml: string) => {
      await writeFile(file, yaml);
      return configFingerprint(await validateSite(await loadConfig(file)));
    };
    const yaml = await readFile(config, 'utf8');
    const original = await fingerprint(yaml);
    expect(await fingerprint(`# a comment changes nothing\n${yaml}`)).toBe(original);
    const de = path.join(project, 'locales/de.json');
    const messages = await readFile(de, 'utf8');
    await writeFile(de, messages.replace(/"subtitle": "[^"]*"/, '"subtitle": "Anders"'));
    expect(await fingerprint(yaml)).not.toBe(original);
    await writeFile(de, messages);
    const icon = path.join(project, 'images/icon.svg');
    await writeFile(icon, (await readFile(icon, 'utf8')) + '<!-- edited -->');
    expect(await fingerprint(yaml)).not.toBe(original);
  });
});

describe('store-landing merge', () => {
  it('joins the shards into exactly the site one build --all writes (diff -r)', async () => {
    const merged = path.join(work, 'merged');
    const result = await mergeShards(
      [3, 1, 2].map((index) => path.join(work, `shard-${index}`)),
      merged,
    );
    expect(result).toMatchObject({ shards: 3, campaigns: 8 });
    // diff exits 0 only when both trees hold the same files with the same bytes.
    await expect(promisify(execFile)('diff', ['-r', path.join(work, 'all'), merged])).resolves.toMatchObject({ stdout: '' });
    expect(Object.keys(await snapshot(merged)).length).toBeGreaterThan(100);
  });

  it('stopped by SIGTERM while it writes, ends by that signal and leaves nothing behind', async () => {
    const parent = await temporaryDir();
    const shards = [1, 2, 3].map((index) => path.join(work, `shard-${index}`));
    const merge = spawn(
      process.execPath,
      [path.join(repoRoot, 'bin/store-landing.js'), 'merge', ...shards, '-o', path.join(parent, 'merged')],
      { stdio: 'ignore' },
    );
    const ended = new Promise<string | null>((resolve) => merge.once('exit', (_code, signal) => resolve(signal)));
    // Its staging folder, which it fills for a while.
    await waitForEntry(parent, '.merged.tmp-', merge);
    merge.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    expect(await readdir(parent)).toEqual([]);
  });

  it('refuses shards of different configs, naming the one that differs, and writes nothing', async () => {
    // The re-run of one CI shard after a config change: shard 2 of an edited config beside 1 and 3 of the old.
    const project = await temporaryDir();
    copySiteFiles(project);
    await writeFile(path.join(project, 'shards.yaml'), (await readFile(config, 'utf8')).replace(/rating: 4\.5/, 'rating: 4.1'));
    const edited = path.join(project, 'shard-2');
    await buildSite({ config: path.join(project, 'shards.yaml'), outDir: edited, all: true, shard: { index: 2, count: SHARDS } });
    const out = path.join(project, 'merged');
    const shards = [path.join(work, 'shard-1'), edited, path.join(work, 'shard-3')];
    const error = await mergeShards(shards, out).then(
      () => undefined,
      (reason: UserError) => reason,
    );
    expect(error?.name).toBe('ShardsDiffer');
    expect(error?.message).toMatch(
      new RegExp(
        `^Cannot merge ${edited}: shard 2 was built from another config or store-landing version than shard 1 \\(${path.join(work, 'shard-1')}\\)`,
      ),
    );
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('refuses a missing or doubled shard, and a folder that is not a shard', async () => {
    await expect(
      mergeShards(
        [1, 2].map((index) => path.join(work, `shard-${index}`)),
        path.join(work, 'x'),
      ),
    ).rejects.toThrow('the shards are not 1 to 3 once each; missing 3');
    await expect(
      mergeShards(
        [1, 2, 2].map((index) => path.join(work, `shard-${index}`)),
        path.join(work, 'x'),
      ),
    ).rejects.toThrow('given twice 2');
    await expect(mergeShards([path.join(work, 'all')], path.join(work, 'x'))).rejects.toThrow(
      'it is not the output of `build --all --shard I/N`',
    );
  });
});

describe('build --all', () => {
  it('is a site: the top level at /, campaigns under their base paths, the manifest listing both', async () => {
    const server = await startServer({ dir: path.join(work, 'all'), port: 0 });
    try {
      const origin = new URL(server.url).origin;
      const page = async (url: string) => {
        const response = await fetch(origin + url, { headers: { 'accept-language': 'de-CH' } });
        return { status: response.status, html: await response.text() };
      };
      expect(await page('/')).toMatchObject({ status: 200, html: expect.stringContaining('<html lang="de"') });
      expect(await page('/alpha/feature1?x=1')).toMatchObject({
        status: 200,
        html: expect.stringContaining('pictura.onelink.me/Ab1c/alpha'),
      });
      expect(await page('/partners/echo/')).toMatchObject({ status: 200 });
      expect((await page('/nope')).status).toBe(404);
    } finally {
      await server.close();
    }
    const manifest = JSON.parse(await readFile(path.join(work, 'all/manifest.json'), 'utf8'));
    expect(manifest.root.basePath).toBe('/');
    expect(manifest.campaigns.map((campaign: { name: string }) => campaign.name)).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'echo',
      'foxtrot',
      'golf',
    ]);
  });
});
