// The files a config names: inside its own folder (links followed), and images the build can encode, judged
// from their headers; each problem at its YAML line, by validate and build alike.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from '../../../generator/shared/image-limits.ts';
import { checkConfig, configIssues, copySiteFiles, fixtureConfig, runCli, siteDir, snapshot, temporaryDir } from '../../helpers.ts';
import { pngHeader } from './png-header.ts';

const BASE = readFileSync(fixtureConfig('base'), 'utf8');
const HINT = 'copy it into that folder (the build publishes what it reads, and follows links)';

const created: string[] = [];
afterAll(async () => {
  await Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * A project in a new temporary folder: the site fixture's images and locales, `files` written
 * beside them, and base.yaml with each `[from, to]` replaced. `outside` is a folder next to it.
 */
async function project(replacements: Array<[string, string]>, files: Record<string, string | Buffer> = {}) {
  const parent = await temporaryDir();
  created.push(parent);
  const dir = path.join(parent, 'project');
  const outside = path.join(parent, 'outside');
  mkdirSync(outside);
  copySiteFiles(dir);
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), contents);
  }
  let text = BASE;
  for (const [from, to] of replacements) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  const config = path.join(dir, 'variants.yaml');
  writeFileSync(config, text);
  /** `file:line:column` of the first `value` written in the config, found by reading its text. */
  const at = (value: string) => {
    const lines = text.split('\n');
    const line = lines.findIndex((each) => each.includes(value));
    return `${config}:${line + 1}:${lines[line]!.indexOf(value) + 1}`;
  };
  return { dir, outside, config, at };
}

const SCREENSHOT_PNG = readFileSync(path.join(siteDir, 'images/formats/screenshot.png'));
/** A 1 x 1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe("paths outside the config's folder", () => {
  it('are refused at the YAML line: ../ paths, absolute paths, and a locales folder outside', async () => {
    const { outside, at, config, dir } = await project([
      ['icon: images/icon.svg', 'icon: ../outside/icon.svg'],
      ['screenshots: [images/screenshots/default-1.svg]', 'screenshots: [/etc/hostname.png]'],
      ['localesDir: locales', 'localesDir: ../outside'],
    ]);
    writeFileSync(path.join(outside, 'icon.svg'), readFileSync(path.join(siteDir, 'images/icon.svg')));
    expect(await configIssues(config)).toEqual([
      `${at('../outside')} localesDir: locales folder outside the config's folder: expected a path inside ${dir}, found ../outside; ${HINT}`,
      `${at('../outside/icon.svg')} app.icon: image outside the config's folder: expected a path inside ${dir}, found ../outside/icon.svg; ${HINT}`,
      `${at('/etc/hostname.png')} variants[0].screenshots[0]: image outside the config's folder: expected a path inside ${dir}, found /etc/hostname.png; ${HINT}`,
    ]);
  });

  it('are refused through links: a linked file, a linked folder, a linked locales folder and a linked locale file', async () => {
    const { outside, at, config, dir } = await project([
      ['icon: images/icon.svg', 'icon: images/linked-icon.svg'],
      ['screenshots: [images/screenshots/default-1.svg]', 'screenshots: [elsewhere/shot.svg]'],
    ]);
    writeFileSync(path.join(outside, 'secret.svg'), readFileSync(path.join(siteDir, 'images/icon.svg')));
    symlinkSync(path.join(outside, 'secret.svg'), path.join(dir, 'images/linked-icon.svg'));
    symlinkSync(outside, path.join(dir, 'elsewhere'));
    writeFileSync(path.join(outside, 'de.json'), readFileSync(path.join(siteDir, 'locales/de.json')));
    await rm(path.join(dir, 'locales/de.json'));
    symlinkSync(path.join(outside, 'de.json'), path.join(dir, 'locales/de.json'));
    expect(await configIssues(config)).toEqual([
      `${at('[en, de]').replace(/:\d+$/, ':15')} locales[1]: translations for "de" outside the config's folder: expected a path inside ${dir}, found locales/de.json, a link to ${path.join(outside, 'de.json')}; ${HINT}`,
      `${at('images/linked-icon.svg')} app.icon: image outside the config's folder: expected a path inside ${dir}, found images/linked-icon.svg, a link to ${path.join(outside, 'secret.svg')}; ${HINT}`,
      `${at('elsewhere/shot.svg')} variants[0].screenshots[0]: image outside the config's folder: expected a path inside ${dir}, found elsewhere/shot.svg, a link to ${path.join(outside, 'shot.svg')}; ${HINT}`,
    ]);
  });

  it("are refused in a campaign at the campaign's line, and a linked locales folder at localesDir", async () => {
    const { outside, at, config, dir } = await project([
      ['localesDir: locales', 'localesDir: translations'],
      ['payments:', 'campaigns:\n  summer:\n    sharedScreenshots: [../outside/shot.png]\npayments:'],
    ]);
    symlinkSync(outside, path.join(dir, 'translations'));
    expect(await configIssues(config)).toEqual([
      `${at('translations')} localesDir: locales folder outside the config's folder: expected a path inside ${dir}, found translations, a link to ${outside}; ${HINT}`,
      `${at('../outside/shot.png')} campaigns.summer.sharedScreenshots[0]: image outside the config's folder: expected a path inside ${dir}, found ../outside/shot.png; ${HINT}`,
    ]);
  });

  it('reads nothing outside: a broken image there is reported as outside, not as broken', async () => {
    const { outside, at, config, dir } = await project([['icon: images/icon.svg', 'icon: ../outside/broken.png']]);
    writeFileSync(path.join(outside, 'broken.png'), 'not a PNG at all');
    expect(await configIssues(config)).toEqual([
      `${at('../outside/broken.png')} app.icon: image outside the config's folder: expected a path inside ${dir}, found ../outside/broken.png; ${HINT}`,
    ]);
  });

  it('accept absolute paths and links that stay inside the folder', async () => {
    const { config, dir } = await project([['icon: images/icon.svg', 'icon: images/same-icon.svg']]);
    symlinkSync(path.join(dir, 'images/icon.svg'), path.join(dir, 'images/same-icon.svg'));
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('[images/screenshots/default-1.svg]', `[${dir}/images/screenshots/default-1.svg]`),
    );
    await expect(checkConfig(config)).resolves.toBeDefined();
  });
});

describe('images, judged from their headers', () => {
  it('reports a truncated PNG, a file of no image format, a pixel bomb, a GIF named .png and wrong shapes, each at its line', async () => {
    const { at, config } = await project(
      [
        ['icon: images/icon.svg', 'icon: images/bad/wide-icon.png'],
        ['screenshots: [images/screenshots/default-1.svg]', 'screenshots: [images/bad/truncated.png, images/bad/garbage.png]'],
        ['screenshots: [images/screenshots/feature1-1.svg]', 'screenshots: [images/bad/bomb.png, images/bad/animation.png]'],
        ['sharedScreenshots: [images/screenshots/shared-1.svg]', 'sharedScreenshots: [images/bad/tall.svg, images/bad/sizeless.svg]'],
      ],
      {
        'images/bad/wide-icon.png': pngHeader(300, 200),
        'images/bad/truncated.png': SCREENSHOT_PNG.subarray(0, 100),
        'images/bad/garbage.png': 'not a PNG at all',
        'images/bad/bomb.png': pngHeader(25_000, 25_000),
        'images/bad/animation.png': GIF,
        'images/bad/tall.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="100000"/>',
        'images/bad/sizeless.svg': '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>',
      },
    );
    expect(await configIssues(config)).toEqual([
      `${at('images/bad/wide-icon.png')} app.icon: wrong image shape: expected a square icon at images/bad/wide-icon.png, found 300 x 200 px; crop it`,
      `${at('images/bad/truncated.png')} variants[0].screenshots[0]: image unreadable: expected a PNG image at images/bad/truncated.png, found a corrupt header (a truncated or damaged file?); export it again`,
      `${at('images/bad/garbage.png')} variants[0].screenshots[1]: image unreadable: expected a PNG image at images/bad/garbage.png, found data in no image format (is it an image at all?); export it again`,
      `${at('images/bad/bomb.png')} variants[1].screenshots[0]: image too large: expected at most ${MAX_IMAGE_PIXELS.toLocaleString('en-US')} pixels at images/bad/bomb.png, found 25,000 x 25,000 = 625,000,000 pixels; scale it down (the page needs at most 3 times the width it shows it at)`,
      `${at('images/bad/animation.png')} variants[1].screenshots[1]: wrong image format: expected a PNG image at images/bad/animation.png (as its extension says), found a GIF image; export it as PNG, JPEG, WebP or SVG with the matching extension`,
      `${at('images/bad/tall.svg')} sharedScreenshots[0]: wrong image shape: expected a screenshot whose long side is at most 3 times its short side at images/bad/tall.svg, found 1 x 100,000 px; crop it`,
      `${at('images/bad/sizeless.svg')} sharedScreenshots[1]: image unreadable: expected an SVG image at images/bad/sizeless.svg, found an <svg> element with neither width and height nor a viewBox, so its size is unknown; export it again`,
    ]);
  });

  it('are checked by `validate` and by `build` alike, at the line and column, before anything is encoded or written', async () => {
    const { at, config, dir } = await project([['icon: images/icon.svg', 'icon: images/bomb.png']], {
      'images/bomb.png': pngHeader(30_000, 30_000),
    });
    const expected = `${at('images/bomb.png')} app.icon: image too large: expected at most ${MAX_IMAGE_PIXELS.toLocaleString('en-US')} pixels at images/bomb.png, found 30,000 x 30,000 = 900,000,000 pixels; scale it down (the page needs at most 3 times the width it shows it at)`;
    const validate = await runCli(['validate', '-c', config, '--json']);
    expect(validate.code).toBe(1);
    expect(
      JSON.parse(validate.stdout).problems.map(
        (problem: { line: number; column: number }) => `${config}:${problem.line}:${problem.column}`,
      ),
    ).toEqual([expected.split(' ')[0]]);
    const before = await snapshot(dir);
    const build = await runCli(['build', '-c', config, '-o', path.join(dir, 'out')]);
    expect(build.code).toBe(1);
    expect(build.stderr.split('\n').slice(0, 2)).toEqual(['The config has 1 problem:', `  ${expected}`]);
    expect(await snapshot(dir)).toEqual(before);
  }, 60_000);
});
