// Byte budgets of the first screen (the product contract's quality bars), for the default config and a
// campaign with every ad network: bytes are deterministic, so they are asserted; times are benchmarked, not
// tested.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleRuntime } from '../../../generator/pipeline/bundle/bundle.ts';
import { stringify } from 'yaml';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { defaultConfigData, siteDir, temporaryDir } from '../../helpers.ts';

/** One TCP round trip of a fresh connection: 10 segments of about 1,460 bytes (RFC 6928), about 14 KB. */
const HTML_BUDGET = 14 * 1024;
const JS_BUDGET = 10 * 1024;

const compressed = (bytes: Buffer) => ({
  gzip: gzipSync(bytes, { level: 9 }).byteLength,
  brotli: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
});

/** The campaign that turns on TikTok, Snap and Google beside the default config's Meta pixel. */
const ALL_NETWORKS = 'all-networks';

let outDir: string;
/** Every page of the default config's top level and of the all-networks campaign, `file` relative to the output. */
let pages: Array<{ file: string; locale: string }>;
beforeAll(async () => {
  const project = await temporaryDir();
  const data = defaultConfigData(project);
  data.campaigns = {
    [ALL_NETWORKS]: {
      tracking: {
        tiktokPixelId: 'C4A1B2C3D4E5F6G7H8I9',
        snapPixelId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        googleTagId: 'AW-123456789',
        googleAdsConversion: 'AbC-D_efG',
      },
    },
  };
  writeFileSync(path.join(project, 'variants.yaml'), stringify(data));
  outDir = path.join(project, 'out');
  await buildSite({ config: path.join(project, 'variants.yaml'), outDir, all: true, imageCacheDir: path.join(siteDir, '.cache/images') });
  const manifest = (file: string) =>
    JSON.parse(readFileSync(path.join(outDir, file), 'utf8')) as { pages: Array<{ file: string; locale: string }> };
  pages = [
    ...(manifest('manifest.json') as unknown as { root: { pages: Array<{ file: string; locale: string }> } }).root.pages,
    ...manifest(`${ALL_NETWORKS}/manifest.json`).pages.map((page) => ({ ...page, file: `${ALL_NETWORKS}/${page.file}` })),
  ];
});

/** The JS files a page runs before any interaction (paths from the output folder): its module scripts and what they import statically. */
function jsBeforeInteraction(html: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(outDir, file), 'utf8');
    // Static imports only (`import ... from"../x.js"`, `import"../x.js"`); `import("../x.js")` loads later.
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(path.posix.join(path.posix.dirname(file), match[1]!));
  };
  for (const match of html.matchAll(/<script type="module" src="\/((?:[^"/]+\/)?assets\/[^"]+)"/g)) visit(match[1]!);
  return [...seen];
}

describe('byte budgets', () => {
  it('every page, with its inline CSS, fits in 14 KB compressed (one round trip)', () => {
    expect(pages).toHaveLength(40);
    expect(pages.filter(({ file }) => file.startsWith(`${ALL_NETWORKS}/`))).toHaveLength(20);
    for (const { file } of pages) {
      const size = compressed(readFileSync(path.join(outDir, file)));
      expect(size.gzip, `${file} gzip`).toBeLessThanOrEqual(HTML_BUDGET);
      expect(size.brotli, `${file} brotli`).toBeLessThanOrEqual(HTML_BUDGET);
    }
  });

  it("nothing blocks rendering but the plain routes' language script: no stylesheet links, no script files, CSS inline", () => {
    for (const { file, locale } of pages) {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(html).toMatch(/<style>[^<]{1000,}<\/style>/);
      // Classic scripts block the parser: only the inline language script of the plain (English) routes, under 1 KB compressed.
      const classic = [...html.matchAll(/<script(?![^>]*type="(?:module|application\/json)")[^>]*>(.*?)<\/script>/gs)];
      expect(
        classic.map(([tag]) => tag.slice(0, tag.indexOf('>') + 1)),
        file,
      ).toEqual(locale === 'en' ? ['<script>'] : []);
      if (classic[0]) expect(compressed(Buffer.from(classic[0][1]!)).gzip, file).toBeLessThan(1024);
    }
  });

  it("runs only the tracking runtime before the first interaction, at most 10 KB compressed, with no ad network but Meta's code in it", () => {
    for (const { file } of pages) {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const scripts = jsBeforeInteraction(html);
      expect(path.basename(scripts[0]!), file).toMatch(/^runtime-[A-Z0-9]+\.js$/);
      expect(
        scripts.filter((name) => path.basename(name).startsWith('client-')),
        file,
      ).toEqual([]);
      const code = Buffer.concat(scripts.map((name) => readFileSync(path.join(outDir, name))));
      // TikTok's, Snap's and Google's loaders are chunks the runtime imports only on a page that turns them on.
      expect(code.toString()).toContain('connect.facebook.net');
      expect(code.toString()).not.toMatch(/analytics\.tiktok\.com|sc-static\.net|googletagmanager/);
      const size = compressed(code);
      expect(size.gzip, `${file} JS gzip`).toBeLessThanOrEqual(JS_BUDGET);
      expect(size.brotli, `${file} JS brotli`).toBeLessThanOrEqual(JS_BUDGET);
    }
  });

  it('ships in the client entry React and the islands only: no translator, messages or static section', async () => {
    const { metafile } = await bundleRuntime();
    const client = Object.values(metafile.outputs).find((output) => output.entryPoint?.endsWith('page/view/entry-client.tsx'))!;
    const inputs = Object.keys(client.inputs);
    expect(inputs).toEqual(
      expect.arrayContaining([expect.stringMatching(/react-dom/), expect.stringMatching(/page\/view\/components\/slider-controller\.ts$/)]),
    );
    expect(
      inputs.filter((input) =>
        /i18next|page\/view\/(app|i18n)\.tsx$|components\/(header|description|information|privacy|ratings|whats-new|links)\.tsx$|locales\//.test(
          input,
        ),
      ),
    ).toEqual([]);
  });

  it('preloads the LCP image with high priority and nothing else', () => {
    for (const { file } of pages) {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((match) => match[0]);
      expect(preloads, file).toHaveLength(1);
      expect(preloads[0]).toContain('as="image"');
      expect(preloads[0]).toContain('fetchpriority="high"');
    }
  });
});
