// The packages only `screenshots` needs (Puppeteer, pixelmatch): optional peers, so a plain install leaves
// them out; this says what to install.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PackagesMissing } from '../shared/errors.ts';

/** What `screenshots` loads that nothing else does. */
export const SCREENSHOT_PACKAGES = ['puppeteer', 'pixelmatch'] as const;

interface PackageJson {
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Whether `name` is installed where Node would find it from here (no loading, no `exports` rules). */
export function isInstalled(name: string, from: string = import.meta.url): boolean {
  const lookup = createRequire(from).resolve.paths(name) ?? [];
  return lookup.some((dir) => existsSync(path.join(dir, name, 'package.json')));
}

/** `name@version` to install: the version the repo tests with (devDependencies), else the peer range. */
export function installSpec(name: string, manifest: PackageJson = ownPackageJson()): string {
  const version = manifest.devDependencies?.[name] ?? manifest.peerDependencies?.[name];
  return version ? `${name}@${version}` : name;
}

/**
 * @throws UserError (PackagesMissing) naming the exact `npm install` line when any of
 * `names` is missing.
 */
export function requirePackages(command: string, names: readonly string[], installed: (name: string) => boolean = isInstalled): void {
  const missing = names.filter((name) => !installed(name));
  if (missing.length)
    throw PackagesMissing.create(
      command,
      missing.map((name) => installSpec(name)),
    );
}

function ownPackageJson(): PackageJson {
  return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as PackageJson;
}
