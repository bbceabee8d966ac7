// `store-landing init`: a new project that validates and builds with no edit, its locale files holding only the
// app's words, and a folder it did not write refused.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initProject } from '../../../generator/init/index.ts';
import { packageVersion } from '../../../generator/shared/package-version.ts';
import { checkConfig, repoRoot, runCli, temporaryDir } from '../../helpers.ts';

let project: string;
const read = (file: string) => readFileSync(path.join(project, file), 'utf8');

beforeAll(async () => {
  project = path.join(await temporaryDir(), 'stillness');
  await initProject(project, { name: 'Stillness', locales: ['en', 'ja', 'fi'], routes: ['/', '/sleep'] }, '2026-01-15');
});

describe('a project fresh from init', () => {
  it('holds every file the docs promise', () => {
    for (const file of [
      'package.json',
      'variants.yaml',
      'locales/en.json',
      'locales/ja.json',
      'locales/fi.json',
      'images/icon.png',
      'images/screenshots/default-1.png',
      'images/screenshots/sleep-1.png',
      'images/screenshots/shared-1.png',
      '.gitignore',
      '.github/workflows/landing-pages.yml',
      'baselines/README.md',
      '.store-landing-project',
    ])
      expect(existsSync(path.join(project, file)), file).toBe(true);
  });

  it('depends on this exact version of the tool, with scripts for build, dev, validate and screenshots', () => {
    const manifest = JSON.parse(read('package.json'));
    expect(manifest.dependencies).toEqual({ 'store-landing': packageVersion() });
    expect(Object.keys(manifest.scripts)).toEqual(expect.arrayContaining(['build', 'dev', 'validate', 'screenshots']));
  });

  it('names a $schema that resolves once the tool is installed', () => {
    const schema = /\$schema=(\S+)/.exec(read('variants.yaml'))![1]!;
    expect(schema).toBe('./node_modules/store-landing/generator/config/variants.schema.json');
    expect(existsSync(path.join(repoRoot, schema.replace('./node_modules/store-landing/', '')))).toBe(true);
  });

  it('writes only the app’s words for a language the tool has labels of, and the English labels for one it has not', () => {
    const japanese = JSON.parse(read('locales/ja.json'));
    expect(Object.keys(japanese).sort()).toEqual(['app', 'meta', 'reviews', 'whatsNew']);
    expect(japanese.app.name).toBe('Stillness');
    const finnish = JSON.parse(read('locales/fi.json'));
    expect(finnish.header.get).toBe('Get');
  });

  it('validates with no edit: one page per route and language', async () => {
    const { valid } = await checkConfig(path.join(project, 'variants.yaml'));
    expect(valid.site.base.pages).toHaveLength(6);
  });
});

describe('init into a folder', () => {
  it('refuses one that is not empty and not its own: exit 1 and one line', async () => {
    const dir = await temporaryDir();
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const result = await runCli(['init', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe(
      `${dir} is not empty and was not written by \`store-landing init\`: it writes a new project only into an empty folder.`,
    );
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(path.join(dir, 'variants.yaml'))).toBe(false);
  });

  it('takes a folder holding only .git, and in its own folder adds only what is missing, keeping edits', async () => {
    const dir = await temporaryDir();
    mkdirSync(path.join(dir, '.git'));
    expect(await runCli(['init', dir, '--name', 'Calm', '--locales', 'en,de', '--json'])).toMatchObject({ code: 0 });
    writeFileSync(path.join(dir, 'variants.yaml'), '# edited\n');
    const again = await runCli(['init', dir, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, written: [] });
    expect(readFileSync(path.join(dir, 'variants.yaml'), 'utf8')).toBe('# edited\n');
  });

  it('takes routes without /, and the variant at / may have any name', async () => {
    const dir = path.join(await temporaryDir(), 'routes');
    await initProject(dir, { name: 'Calm', locales: ['en'], routes: ['/sleep', '/focus'] });
    expect((await checkConfig(path.join(dir, 'variants.yaml'))).valid.site.base.pages).toHaveLength(2);
    const config = readFileSync(path.join(dir, 'variants.yaml'), 'utf8')
      .replace('name: sleep', 'name: home')
      .replace('path: /sleep', 'path: /');
    writeFileSync(path.join(dir, 'variants.yaml'), config);
    expect((await checkConfig(path.join(dir, 'variants.yaml'))).valid.site.base.pages).toHaveLength(2);
  });

  it('refuses a route or a language tag that is not one', async () => {
    const dir = await temporaryDir();
    expect(await runCli(['init', dir, '--routes', '/Sleep'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('"/Sleep"'),
    });
    expect(await runCli(['init', dir, '--locales', 'en,pt_BR'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('"pt_BR"'),
    });
  });
});
