// The pinned capture environment: the lockfile's Chromium unpacked once per version, the shipped fonts before the
// machine's (whose copies of the same families are refused), and the machine's Chromium where nothing is pinned.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  captureBrowser,
  fontConfig,
  PINNED_PACKAGE,
  SHIPPED_FONTS,
  shippedFontsHash,
} from '../../../generator/screenshots/pinned-browser.ts';
import { setupDifferences } from '../../../generator/screenshots/environment.ts';
import { temporaryDir } from '../../helpers.ts';

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['PUPPETEER_EXECUTABLE_PATH', 'XDG_CACHE_HOME']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('the pinned capture environment', () => {
  it("ships the pages' Latin and Arabic faces with their licences", () => {
    expect(readdirSync(SHIPPED_FONTS).sort()).toEqual([
      'DejaVuSans-Bold.ttf',
      'DejaVuSans.ttf',
      'LICENSE-dejavu.txt',
      'LICENSE-liberation.txt',
      'LiberationSans-Bold.ttf',
      'LiberationSans-BoldItalic.ttf',
      'LiberationSans-Italic.ttf',
      'LiberationSans-Regular.ttf',
    ]);
    expect(shippedFontsHash()).toMatch(/^sha256:[0-9a-f]{16}$/);
  });

  it("takes the shipped fonts first and refuses the machine's copies of their families, by path", () => {
    const conf = fontConfig('/opt/fonts/', '/run/cache');
    expect(conf.indexOf('<dir>/opt/fonts/</dir>')).toBeLessThan(conf.indexOf('<dir>/usr/share/fonts</dir>'));
    expect(conf).toContain('<cachedir>/run/cache</cachedir>');
    expect(conf).toContain('<glob>/usr/share/fonts/*LiberationSans*</glob>');
    expect(conf).toContain('<glob>/usr/local/share/fonts/*DejaVuSans*</glob>');
    // A glob that also matches the shipped files would refuse them too.
    expect(conf).not.toContain('<glob>*/');
    expect(conf).not.toContain('acceptfont');
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'unpacks the browser of the installed version once into the cache, and hands it the font configuration',
    async () => {
      delete process.env.PUPPETEER_EXECUTABLE_PATH;
      process.env.XDG_CACHE_HOME = await temporaryDir();
      const runDir = await temporaryDir();
      const first = await captureBrowser(runDir);
      expect(first.pinned).toEqual({ browser: `${PINNED_PACKAGE}@153.0.0`, fonts: shippedFontsHash() });
      expect(first.executablePath).toBe(path.join(process.env.XDG_CACHE_HOME, 'store-landing/chromium-153.0.0/chromium'));
      expect(readdirSync(path.dirname(first.executablePath!))).toEqual(['chromium']);
      expect(first.env?.FONTCONFIG_FILE).toBe(path.join(runDir, 'fonts.conf'));
      expect(existsSync(first.env!.FONTCONFIG_FILE!)).toBe(true);
      expect((await captureBrowser(runDir)).executablePath).toBe(first.executablePath);
    },
    60_000,
  );

  it("uses the machine's Chromium when PUPPETEER_EXECUTABLE_PATH names one, and a change of pinning is a difference", async () => {
    process.env.PUPPETEER_EXECUTABLE_PATH = '/usr/bin/chromium';
    expect(await captureBrowser(await temporaryDir())).toEqual({ pinned: null });
    const made = { browser: 'HeadlessChrome/153.0.8010.0', platform: 'linux x64', deviceScale: 1 };
    const pinned = { ...made, pinned: { browser: `${PINNED_PACKAGE}@153.0.0`, fonts: 'sha256:1' } };
    expect(setupDifferences(pinned, { ...pinned })).toEqual([]);
    // Records of earlier versions have no `pinned`: the machine's own.
    expect(setupDifferences(made, { ...made, pinned: null })).toEqual([]);
    expect(setupDifferences(pinned, { ...made, pinned: null })).toEqual([
      `pinned: the baselines were drawn by ${PINNED_PACKAGE}@153.0.0 with the fonts sha256:1, this by the machine's own Chromium and fonts`,
    ]);
  });
});
