// Campaigns that differ only in base path, tracking or split test share rendered templates, and sharing never changes a byte.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildSite } from '../../../generator/pipeline/index.ts';
import type { Config } from '../../../generator/config/types.ts';
import { templateKey } from '../../../generator/pipeline/render/documents.ts';
import { defaultConfigData, repoRoot, temporaryDir } from '../../helpers.ts';

/** Two campaigns that share templates: own base paths, links with characters HTML and JSON escape, other tracking. */
const CAMPAIGNS = {
  first: { basePath: '/first/', tracking: { appsflyer: { oneLink: { default: "https://pictura.onelink.me/Ab1c/a?pid=x&c='y'" } } } },
  second: {
    basePath: '/second/deep/',
    tracking: {
      metaPixelId: '111111111111111',
      appsflyer: { smartScript: false, impressionPixel: true, oneLink: { default: 'https://pictura.onelink.me/Ab1c/b?q=1&r=2' } },
    },
    splitTest: { feature1: { fullPrice: 10, discount: 90 } },
  },
};

let config: string;
let work: string;
beforeAll(async () => {
  work = await temporaryDir();
  config = path.join(work, 'variants.yaml');
  await writeFile(config, stringify({ ...defaultConfigData(work), campaigns: CAMPAIGNS }));
});

const build = (outDir: string, selection: { all?: boolean; campaign?: string }) =>
  buildSite({ config, outDir: path.join(work, outDir), imageCacheDir: path.join(repoRoot, '.cache/images'), ...selection });

it('writes every page of a campaign built after another exactly as that campaign built alone', async () => {
  const all = await build('all', { all: true });
  await build('alone', { campaign: 'second' });
  const second = all.campaigns.find((campaign) => campaign.name === 'second')!;
  const manifest = JSON.parse(await readFile(path.join(work, 'alone/manifest.json'), 'utf8'));
  for (const file of [...manifest.pages.map((page: { file: string }) => page.file), '404.html', 'de/404.html', 'config.json']) {
    const shared = await readFile(path.join(work, 'all', second.dir, file), 'utf8');
    expect(shared, file).toBe(await readFile(path.join(work, 'alone', file), 'utf8'));
  }
  // The filled values are there, escaped for each context.
  const page = await readFile(path.join(work, 'all/first/de/feature1/index.html'), 'utf8');
  expect(page).toContain('href="https://pictura.onelink.me/Ab1c/a?pid=x&#38;c=&#39;y&#39;"');
  expect(page).toContain('"installLink":"https://pictura.onelink.me/Ab1c/a?pid=x\\u0026c=\'y\'"');
  expect(page).toContain('src="/first/assets/runtime-');
  expect(page).not.toMatch(/store-landing(-base-path|\.invalid|-json\.|-csp|-runtime-config)/);
});

it('keys templates by everything but the base path, tracking and split test', () => {
  const base = defaultConfigData() as Config;
  const key = templateKey(base);
  expect(templateKey({ ...base, basePath: '/x/', splitTest: {}, tracking: { ...base.tracking, metaPixelId: '1' } })).toBe(key);
  expect(templateKey({ ...base, app: { ...base.app, chartRank: 3 } })).not.toBe(key);
  expect(templateKey({ ...base, siteUrl: 'https://other.example' })).not.toBe(key);
});
