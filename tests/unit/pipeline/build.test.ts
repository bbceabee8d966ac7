// The whole build on the default config: output layout, each locale's strings and facts, the embedded JSON, atomic replacement.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageUses } from '../../../generator/config/image-uses.ts';
import { buildSite, type BuildResult } from '../../../generator/pipeline/index.ts';
import { writeOutput } from '../../../generator/pipeline/output/write.ts';
import { pageTexts } from '../../../generator/pipeline/render/page-props.ts';
import { ENGLISH_CONSENT_TEXTS } from '../../../page/contract/consent-texts.ts';
import { checkConfig, defaultConfig, fixtureConfig, runCli, snapshot, temporaryDir } from '../../helpers.ts';

let outDir: string;
let result: BuildResult;

beforeAll(async () => {
  outDir = path.join(await temporaryDir(), 'out');
  result = await buildSite({ config: defaultConfig, outDir });
});

const page = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
const embedded = (html: string, id: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html)![1]!);

describe('build output', () => {
  it('writes 20 pages, config.json, 404.html, manifest.json and hashed assets', async () => {
    expect(result.pages).toBe(20);
    const manifest = JSON.parse(page('manifest.json'));
    expect(manifest.pages).toHaveLength(20);
    for (const entry of manifest.pages) {
      expect(existsSync(path.join(outDir, entry.file))).toBe(true);
      expect(Buffer.byteLength(page(entry.file))).toBe(entry.bytes);
    }
    expect(JSON.parse(page('config.json'))).toEqual({
      'child-old': { fullPrice: 50, trial: 50 },
      feature1: { fullPrice: 60, discount: 40 },
      feature2: { fullPrice: 70, trial: 30 },
      feature3: { fullPrice: 100 },
    });
    const assets = await readdir(path.join(outDir, 'assets'));
    expect(assets).toContain(manifest.assets.runtime);
    expect(assets).toContain(manifest.assets.client);
    expect(manifest.assets.runtime).toMatch(/^runtime-[A-Z0-9]{8}\.js$/);
    expect(assets.filter((name) => name.endsWith('.js.br')).length).toBeGreaterThan(0);
    // Pages go out uncompressed: hosts, and serve, compress them as they send them (compress.ts).
    expect(existsSync(path.join(outDir, 'feature1/index.html.br')) || existsSync(path.join(outDir, 'feature1/index.html.gz'))).toBe(false);
  });

  it('renders each locale with its own strings and the listing facts', () => {
    const expectations = {
      'index.html': ['lang="en"', 'Ratings &amp; Reviews', 'What’s New', '64.7', '25.6K'],
      'de/index.html': ['lang="de"', 'Bewertungen und Rezensionen', 'Neue Funktionen', '64,7'],
      'es/index.html': ['lang="es"', 'Valoraciones y reseñas', 'Novedades', '64,7'],
      'fr/index.html': ['lang="fr"', 'Notes et avis', 'Nouveautés', '64,7'],
    };
    for (const [file, strings] of Object.entries(expectations)) {
      const html = page(file);
      for (const text of [...strings, '4+', '1.14', '15.0', '12.0', 'M1', 'Lumen Pixel Labs GmbH', '© 2025 Lumen Pixel Labs GmbH']) {
        expect(html, `${file} should contain ${text}`).toContain(text);
      }
    }
    expect(page('de/feature1/index.html')).not.toContain('Ratings &amp; Reviews');
  });

  it('carries title, description, hreflang alternates and the runtime config as JSON', () => {
    const html = page('de/feature1/index.html');
    expect(html).toMatch(/<title>Pictura: [^<]+ im App Store<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]*Lumen Pixel Labs GmbH[^"]*">/);
    for (const [hreflang, href] of [
      ['en', '/feature1'],
      ['de', '/de/feature1'],
      ['es', '/es/feature1'],
      ['fr', '/fr/feature1'],
      ['x-default', '/feature1'],
    ]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${hreflang}" href="https://get.pictura.app${href}">`);
    }
    expect(html).toContain('<link rel="canonical" href="https://get.pictura.app/de/feature1">');
    const runtime = embedded(html, 'runtime-config');
    expect([runtime.route, runtime.landingType, runtime.locale]).toEqual(['/feature1', 'feature1', 'de']);
    expect(runtime.payments.scripts).toEqual([
      { src: 'https://js.braintreegateway.com/web/3.100.0/js/client.min.js' },
      { src: 'https://js.braintreegateway.com/web/3.100.0/js/data-collector.min.js' },
    ]);
  });

  it("embeds of its messages only the consent prompt's, in its language, English for any the locale lacks", () => {
    const german = JSON.parse(readFileSync(path.join(path.dirname(defaultConfig), 'locales/de.json'), 'utf8')).consent;
    expect(embedded(page('de/feature1/index.html'), 'page-texts')).toEqual({ consent: german });
    // The rest of the page's words are in its HTML only.
    expect(page('de/feature1/index.html').match(/Bewertungen und Rezensionen/g)).toHaveLength(1);
    const { title: _title, ...rest } = ENGLISH_CONSENT_TEXTS;
    expect(pageTexts({ consent: { title: 'Nur der Titel' } } as never)).toEqual({ consent: { title: 'Nur der Titel', ...rest } });
  });

  it('makes the GET button, the icon and every screenshot links to the install link', () => {
    const html = page('feature1/index.html');
    const ctas = [...html.matchAll(/<a [^>]*data-cta="([a-z]+)"[^>]*>/g)];
    const kinds = ctas.map((match) => match[1]);
    expect(kinds.filter((kind) => kind === 'get')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'icon')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'screenshot')).toHaveLength(6);
    for (const [tag] of ctas) expect(tag).toContain('href="https://pictura.onelink.me/Ab1c/install"');
  });

  it('writes a 404 page with the error text', () => {
    const html = page('404.html');
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('404 Not Found');
  });

  it("writes each other locale's 404 page into its folder, in its language, for the hosts to send under /<locale>/", () => {
    const back = { en: 'Back to the app', de: 'Zurück zur App', es: 'Volver a la app', fr: 'Retour à l’app' };
    for (const [locale, text] of Object.entries(back)) {
      const html = page(locale === 'en' ? '404.html' : `${locale}/404.html`);
      expect(html, locale).toContain(`<html lang="${locale}" dir="ltr">`);
      expect(html, locale).toContain(text);
      expect(html, locale).toContain('404 Not Found');
    }
    expect(existsSync(path.join(outDir, 'en/404.html'))).toBe(false);
  });

  it('prints a JSON summary with --json, the top level at the root and one folder per campaign with --all', async () => {
    const dir = path.join(await temporaryDir(), 'all');
    const run = await runCli(['build', '-c', defaultConfig, '--all', '--json', '-o', dir]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary.pages).toBe(60);
    expect(summary.campaigns.map((campaign: { dir: string }) => campaign.dir)).toEqual(['', 'kids', 'spring-sale']);
    expect(readFileSync(path.join(dir, 'feature1/index.html'), 'utf8')).toContain('href="https://pictura.onelink.me/Ab1c/install"');
    const spring = readFileSync(path.join(dir, 'spring-sale/feature1/index.html'), 'utf8');
    expect(spring).toContain('href="https://pictura.onelink.me/Ab1c/spring"');
    expect(spring).toMatch(/src="\/spring-sale\/assets\/runtime-[A-Z0-9]{8}\.js"/);
    expect(JSON.parse(readFileSync(path.join(dir, 'spring-sale/config.json'), 'utf8')).feature1).toEqual({ fullPrice: 30, discount: 70 });
  });
});

describe('atomic output', () => {
  it('returns what it read, each file with the modification time it had before the read: the config, the locale folders and files, the images', async () => {
    const { valid } = await checkConfig(defaultConfig);
    const configs = [valid.base, ...valid.campaigns].map((campaign) => campaign.config);
    const file = (name: string) => [
      path.resolve(valid.loaded.dir, name),
      { kind: 'file', modified: statSync(path.resolve(valid.loaded.dir, name)).mtimeMs },
    ];
    const expected = new Map([
      file(path.basename(defaultConfig)),
      ...configs.flatMap((config) => [
        [path.resolve(valid.loaded.dir, config.localesDir), { kind: 'folder' }],
        ...config.locales.map((locale) => file(path.join(config.localesDir, `${locale}.json`))),
        ...imageUses(config).map((use) => file(use.source)),
      ]),
    ] as Array<[string, unknown]>);
    expect(result.inputs).toEqual(expected);
  });

  it('builds a config already validated and planned as it is, reading none of its files again', async () => {
    const { valid } = await checkConfig(defaultConfig);
    const again = path.join(await temporaryDir(), 'out');
    const built = await buildSite({ config: defaultConfig, outDir: again, valid });
    expect(built.inputs).toEqual(new Map());
    expect(await snapshot(again)).toEqual(await snapshot(outDir));
  });

  it('leaves the previous output byte-identical when writing fails midway', async () => {
    const dir = path.join(await temporaryDir(), 'out');
    await buildSite({ config: defaultConfig, outDir: dir });
    const before = await snapshot(dir);
    // "a" as a file and as a folder: the second write fails after others have been written.
    const files = [
      ...Array.from({ length: 50 }, (_, i) => ({ path: `page-${i}.html`, contents: 'x'.repeat(1000) })),
      { path: 'a', contents: 'file' },
      { path: 'a/b.html', contents: 'inside a file' },
      { path: 'manifest.json', contents: '{}' },
    ];
    await expect(writeOutput(dir, files)).rejects.toThrow(/ENOTDIR|EEXIST|EISDIR/);
    expect(await snapshot(dir)).toEqual(before);
    // Nothing half-written is left beside it.
    expect((await readdir(path.dirname(dir))).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('leaves the previous output byte-identical when the config is invalid', async () => {
    const dir = path.join(await temporaryDir(), 'out');
    await buildSite({ config: defaultConfig, outDir: dir });
    const before = await snapshot(dir);
    const run = await runCli(['build', '-c', fixtureConfig('wrong-type'), '-o', dir]);
    expect(run.code).toBe(1);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('replaces an earlier build whole, but refuses a folder that holds something else', async () => {
    const parent = await temporaryDir();
    const dir = path.join(parent, 'out');
    await buildSite({ config: defaultConfig, outDir: dir });
    await writeFile(path.join(dir, 'stale.html'), 'old');
    await buildSite({ config: defaultConfig, outDir: dir });
    expect(existsSync(path.join(dir, 'stale.html'))).toBe(false);

    const precious = path.join(parent, 'precious');
    await mkdir(precious);
    await writeFile(path.join(precious, 'notes.txt'), 'keep me');
    await expect(buildSite({ config: defaultConfig, outDir: precious })).rejects.toThrow(
      `Refusing to write the build to ${precious}: it holds notes.txt and no .store-landing-build marker, so store-landing did not write it.`,
    );
    expect(readFileSync(path.join(precious, 'notes.txt'), 'utf8')).toBe('keep me');
  });
});

describe('browser bundles', () => {
  it('keeps React out of the tracking runtime, which must run before hydration', async () => {
    const { bundleRuntime, staticImports } = await import('../../../generator/pipeline/bundle/bundle.ts');
    const { metafile, entries } = await bundleRuntime();
    const inputsOf = (entry: string) => {
      // esbuild names outputs relative to the working folder: find the entry by its file name.
      const output = Object.keys(metafile.outputs).find((name) => path.basename(name) === entry)!;
      // The entry's own inputs and those of every chunk it imports.
      return [output, ...staticImports(metafile, output)].flatMap((name) => Object.keys(metafile.outputs[name]!.inputs));
    };
    const runtimeInputs = inputsOf(entries.runtime);
    expect(runtimeInputs.some((input) => input.includes('page/runtime/'))).toBe(true);
    expect(runtimeInputs.filter((input) => /node_modules\/(react|react-dom|scheduler)\//.test(input))).toEqual([]);
    expect(inputsOf(entries.client).some((input) => input.includes('node_modules/react-dom/'))).toBe(true);
  });

  it('lists the chunks the runtime imports statically, and not those it imports when it needs them', async () => {
    const { bundleRuntime } = await import('../../../generator/pipeline/bundle/bundle.ts');
    const { files, entries, runtimeImports } = await bundleRuntime();
    const code = (name: string) => new TextDecoder().decode(files.find((file) => file.name === name)!.contents);
    // Read from the code itself: `import ... from"../x.js"` or `import"../x.js"`, and `import("../x.js")` apart.
    const staticImports = (name: string): string[] =>
      [...code(name).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].flatMap((match) => [match[1]!, ...staticImports(match[1]!)]);
    const dynamicImports = [...code(entries.runtime).matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((match) => match[1]!);
    expect(runtimeImports.length).toBeGreaterThan(0);
    expect(dynamicImports.length).toBeGreaterThan(0);
    expect(new Set(runtimeImports)).toEqual(new Set(staticImports(entries.runtime)));
    expect(runtimeImports.filter((name) => dynamicImports.includes(name))).toEqual([]);
  });

  it('asks Chromium to compile every script whole while it streams in, off the main thread', async () => {
    const { bundleRuntime } = await import('../../../generator/pipeline/bundle/bundle.ts');
    const { files } = await bundleRuntime();
    const scripts = files.filter((file) => file.name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    // Chromium reads the hint only at the top of the file.
    for (const script of scripts)
      expect(new TextDecoder().decode(script.contents).split('\n', 1)[0], script.name).toBe('//# allFunctionsCalledOnLoad');
  });
});

describe('files given as parts', () => {
  it('writes the parts in order, and joins them first when the file gets compressed twins', async () => {
    const dir = path.join(await temporaryDir(), 'out');
    // More parts than one writev system call takes (IOV_MAX, 1,024 on Linux).
    const pageParts = Array.from({ length: 2500 }, (_, i) => Buffer.from(`<i>${i}</i>`));
    const jsonParts = ['{"list":[', Array.from({ length: 100 }, (_, i) => i).join(','), ']}'].map((part) => Buffer.from(part));
    const { bytes } = await writeOutput(dir, [
      { path: 'page/index.html', contents: pageParts },
      { path: 'data.json', contents: jsonParts },
    ]);
    const page = Buffer.concat(pageParts);
    const json = Buffer.concat(jsonParts);
    expect(readFileSync(path.join(dir, 'page/index.html'))).toEqual(page);
    expect(readFileSync(path.join(dir, 'data.json'))).toEqual(json);
    expect(gunzipSync(readFileSync(path.join(dir, 'data.json.gz')))).toEqual(json);
    expect(existsSync(path.join(dir, 'page/index.html.gz'))).toBe(false);
    expect(bytes).toBe(page.byteLength + json.byteLength);
  });
});
