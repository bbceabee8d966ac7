// The capture environment the lockfile pins: the Chromium build inside the @sparticuz/chromium package, unpacked once
// per version, drawing with the fonts this tool ships through a font configuration of its own.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompress } from 'node:zlib';
import { promisify } from 'node:util';

/** The npm package whose version pins the browser. */
export const PINNED_PACKAGE = '@sparticuz/chromium';

/** The fonts the tool ships (their licences beside them): the pages' local Latin and Arabic faces. */
export const SHIPPED_FONTS = fileURLToPath(new URL('fonts/', import.meta.url));

/** What environment.json records of a pinned capture: the package that gave the browser, and the fonts' hash. */
export interface PinnedRecord {
  browser: string;
  fonts: string;
}

/** How to launch the capture browser: its binary and environment, and what pins them (null: the machine's own). */
export interface CaptureBrowser {
  executablePath?: string;
  env?: Record<string, string>;
  pinned: PinnedRecord | null;
}

/**
 * The pinned browser, unpacked into the user's cache on first use, and a font configuration in
 * `runDir` that takes the shipped fonts before any other (the machine's own copies of the same
 * families are refused) and the machine's fonts only for scripts the shipped ones lack (CJK).
 * The machine's Chromium instead (pinned null) when PUPPETEER_EXECUTABLE_PATH names one, or the
 * package is not installed, or this is not Linux on x86-64, the one build the package has.
 */
export async function captureBrowser(runDir: string): Promise<CaptureBrowser> {
  if (process.env.PUPPETEER_EXECUTABLE_PATH) return { pinned: null };
  const packageDir = pinnedPackageDir();
  if (!packageDir || process.platform !== 'linux' || process.arch !== 'x64') return { pinned: null };
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  const executablePath = await unpackBrowser(path.join(packageDir, 'bin/chromium.br'), version);
  const fontsConf = path.join(runDir, 'fonts.conf');
  await writeFile(fontsConf, fontConfig(SHIPPED_FONTS, path.join(runDir, 'fontconfig-cache')));
  return {
    executablePath,
    env: { ...(process.env as Record<string, string>), FONTCONFIG_FILE: fontsConf },
    pinned: { browser: `${PINNED_PACKAGE}@${version}`, fonts: shippedFontsHash() },
  };
}

/** The installed package's folder, where Node would look for it from the tool's own place, or undefined. */
function pinnedPackageDir(): string | undefined {
  // Not require.resolve: the package's `exports` hide its package.json and its bin/ folder.
  const lookup = createRequire(import.meta.url).resolve.paths(PINNED_PACKAGE) ?? [];
  return lookup.map((dir) => path.join(dir, PINNED_PACKAGE)).find((dir) => existsSync(path.join(dir, 'bin/chromium.br')));
}

/**
 * The browser binary of `version`, unpacked from the package's brotli archive into
 * `$XDG_CACHE_HOME/store-landing/chromium-<version>/` (~/.cache), once: written under a unique
 * name and renamed into place, so runs at once never see half a binary.
 */
async function unpackBrowser(archive: string, version: string): Promise<string> {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const dir = path.join(cache, 'store-landing', `chromium-${version}`);
  const binary = path.join(dir, 'chromium');
  if (existsSync(binary)) return binary;
  await mkdir(dir, { recursive: true });
  const partial = `${binary}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(partial, await promisify(brotliDecompress)(await readFile(archive)));
    await chmod(partial, 0o755);
    await rename(partial, binary);
  } finally {
    await rm(partial, { force: true });
  }
  return binary;
}

/** The machine's font folders the pinned browser may fall back on, for scripts the shipped fonts lack. */
const SYSTEM_FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts'];

/**
 * The font configuration the pinned browser reads instead of the machine's (FONTCONFIG_FILE): the
 * shipped fonts, then the machine's font folders for other scripts, with the machine's own copies
 * of the shipped families refused, so another version of them (Debian 13 has Liberation 2) is
 * never drawn. Refused by path, not by family with the shipped files accepted: the fontconfig
 * inside the pinned browser then refuses the shipped files too.
 */
export function fontConfig(fontsDir: string, cacheDir: string): string {
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const refused = SYSTEM_FONT_DIRS.flatMap((dir) => ['LiberationSans', 'DejaVuSans'].map((family) => `<glob>${dir}/*${family}*</glob>`));
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${xml(fontsDir)}</dir>
${SYSTEM_FONT_DIRS.map((dir) => `  <dir>${dir}</dir>`).join('\n')}
  <cachedir>${xml(cacheDir)}</cachedir>
  <selectfont>
    <rejectfont>${refused.join('')}</rejectfont>
  </selectfont>
</fontconfig>
`;
}

/** A short hash of the shipped font files (names and bytes), as environment.json records them. */
export function shippedFontsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(SHIPPED_FONTS)
    .filter((name) => name.endsWith('.ttf'))
    .sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(SHIPPED_FONTS, file)));
  return `sha256:${hash.digest('hex').slice(0, 16)}`;
}
