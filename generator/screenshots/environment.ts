// The environment baselines were captured in (environment.json beside them: browser, platform, device scale,
// the fonts each page used), and how another differs from it.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sha256Hex } from '../shared/hash.ts';
import type { PinnedRecord } from './pinned-browser.ts';

/** What a capture depends on besides the page: two captures of one page in equal environments are the same pixels. */
export interface Environment {
  /** Chromium's product and exact version, as `browser.version()` gives it: `Chrome/156.0.8078.108`. */
  browser: string;
  /** Operating system and CPU, with the distribution's name on Linux: `linux x64, Debian GNU/Linux 12 (bookworm)`. */
  platform: string;
  deviceScale: number;
  /**
   * What pinned the browser and the fonts (pinned-browser.ts): the npm package and version the
   * lockfile names, and the hash of the fonts the tool ships; null for the machine's own Chromium
   * and fonts (and absent in records of earlier versions).
   */
  pinned?: PinnedRecord | null;
  fonts: {
    /** A hash of every font the pages used, to tell two font sets apart at a glance. */
    fingerprint: string;
    /** The platform fonts each screenshot's text was drawn with (`Family (PostScriptName)`), by screenshot name. */
    byShot: Record<string, string[]>;
  };
}

/** The file's name in the baseline folder: one per device scale, as the baselines' names are. */
export function environmentFile(baselineDir: string, scale: number): string {
  return path.join(baselineDir, scale === 1 ? 'environment.json' : `environment@${scale}x.json`);
}

/** This machine's platform, as environment.json records it. */
export function describePlatform(): string {
  const release = existsSync('/etc/os-release')
    ? /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1]
    : undefined;
  return [`${os.platform()} ${os.arch()}`, release].filter(Boolean).join(', ');
}

/** An environment from its parts, the fingerprint computed. */
export function makeEnvironment(
  browser: string,
  platform: string,
  deviceScale: number,
  byShot: Record<string, string[]>,
  pinned: PinnedRecord | null = null,
): Environment {
  const sorted = Object.fromEntries(Object.entries(byShot).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { browser, platform, deviceScale, pinned, fonts: { fingerprint: fingerprintFonts(sorted), byShot: sorted } };
}

/** A short hash of every font the screenshots used, whichever used it. */
export function fingerprintFonts(byShot: Record<string, string[]>): string {
  const used = [...new Set(Object.values(byShot).flat())].sort();
  return `sha256:${sha256Hex(used.join('\n')).slice(0, 16)}`;
}

/** The environment recorded beside the baselines, or undefined when there is none (baselines of an earlier version). */
export async function readEnvironment(file: string): Promise<Environment | undefined> {
  if (!existsSync(file)) return undefined;
  return JSON.parse(await readFile(file, 'utf8')) as Environment;
}

/** environment.json's text: written only when it changes, so an unchanged file keeps its time, as unchanged baselines do. */
export function serializeEnvironment(environment: Environment): string {
  return JSON.stringify(environment, null, 2) + '\n';
}

/**
 * How the browser, platform and scale differ, one sentence each; empty when they match. Fonts are compared
 * once pages are captured (fontDifferences).
 */
export function setupDifferences(
  recorded: Pick<Environment, 'browser' | 'platform' | 'deviceScale' | 'pinned'>,
  current: Pick<Environment, 'browser' | 'platform' | 'deviceScale' | 'pinned'>,
): string[] {
  const differences: string[] = [];
  const pinning = (pinned: Environment['pinned']) =>
    pinned ? `${pinned.browser} with the fonts ${pinned.fonts}` : "the machine's own Chromium and fonts";
  if (pinning(recorded.pinned) !== pinning(current.pinned))
    differences.push(`pinned: the baselines were drawn by ${pinning(recorded.pinned)}, this by ${pinning(current.pinned)}`);
  if (recorded.browser !== current.browser) differences.push(`browser: ${recorded.browser} made the baselines, this is ${current.browser}`);
  if (recorded.platform !== current.platform)
    differences.push(`platform: the baselines were made on ${recorded.platform}, this is ${current.platform}`);
  if (recorded.deviceScale !== current.deviceScale)
    differences.push(`device scale: ${recorded.deviceScale} in the baselines, ${current.deviceScale} here`);
  return differences;
}

/**
 * How the fonts of the screenshots captured here differ from those recorded for the same
 * screenshots: the fonts only the baselines used and those only this machine used, each with a
 * screenshot that shows it. Screenshots without a record (new pages) are not compared.
 */
export function fontDifferences(recorded: Environment['fonts']['byShot'], current: Record<string, string[]>): string[] {
  const onlyThere = new Map<string, string>();
  const onlyHere = new Map<string, string>();
  for (const [name, fonts] of Object.entries(current)) {
    const before = recorded[name];
    if (!before) continue;
    for (const font of before) if (!fonts.includes(font) && !onlyThere.has(font)) onlyThere.set(font, name);
    for (const font of fonts) if (!before.includes(font) && !onlyHere.has(font)) onlyHere.set(font, name);
  }
  const list = (fonts: Map<string, string>) => [...fonts].map(([font, name]) => `${font} (${name})`).join(', ');
  return [
    onlyThere.size ? `fonts: the baselines used ${list(onlyThere)}, which this machine did not` : '',
    onlyHere.size ? `fonts: this machine used ${list(onlyHere)}, which the baselines did not` : '',
  ].filter(Boolean);
}
