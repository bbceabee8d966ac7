// Which folder a build may replace: only one it wrote itself, never the project, the current folder or a git worktree, wherever links lead.
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../shared/paths.ts';
import { OutputInsideSource, OutputLinkBroken, OutputNotFolder, OutputNotOwned, OutputProtected } from '../shared/errors.ts';

/**
 * The marker every build writes at the root of its output. A folder is replaced only when it
 * holds this file (or is an unmarked build of the previous version, see isLegacyBuild): no other
 * tool writes a file of this name, unlike `manifest.json`, which every PWA has.
 */
export const BUILD_MARKER = '.store-landing-build';
/** The marker's text: a format line, then a note for whoever opens it. Fixed, so builds stay byte-for-byte reproducible. */
export const MARKER_TEXT = 'store-landing-build 1\nWritten by `store-landing build`, which replaces this folder whole on the next build.\n';
const MARKER_FIRST_LINE = /^store-landing-build \d+\r?$/;

/** Where a build goes, everything resolved. */
export interface OutputTarget {
  /** The folder as given, absolute. */
  requested: string;
  /** Its real path, links followed: the folder that is replaced. A symlinked output stays a link to it. */
  dir: string;
}

/** Paths whose folders, and every folder above them, a build never replaces. */
export interface ProtectedPaths {
  /** The config file (`-c`): replacing its folder would delete the config, the locales and the images. */
  configFile?: string;
}

/**
 * Resolves `outDir` through every link (the folder itself and its parents) and refuses the
 * current folder, the config's folder and any folder above either.
 * @throws UserError (OutputInsideSource, OutputProtected, OutputLinkBroken, OutputNotFolder)
 */
export async function resolveOutput(outDir: string, protect: ProtectedPaths = {}): Promise<OutputTarget> {
  const requested = path.resolve(outDir);
  const link = await lstat(requested).catch(() => undefined);
  let dir: string;
  if (link?.isSymbolicLink()) {
    dir = await realpath(requested).catch(() => {
      throw OutputLinkBroken.create(requested);
    });
  } else {
    dir = await realOfNearest(requested);
  }
  if (isInside(dir, await realpath(process.cwd()))) throw OutputInsideSource.create(dir);
  if (protect.configFile) {
    const configDir = await realOfNearest(path.dirname(path.resolve(protect.configFile)));
    if (isInside(dir, configDir)) throw OutputProtected.create(dir, `the folder of the config ${protect.configFile}, or a folder above it`);
  }
  return { requested, dir };
}

/** The real path of `file`, which need not exist yet: its nearest existing ancestor resolved, the rest appended. */
async function realOfNearest(file: string): Promise<string> {
  const missing: string[] = [];
  let current = file;
  for (;;) {
    try {
      const real = await realpath(current);
      if (missing.length && !(await stat(real)).isDirectory()) throw OutputNotFolder.create(file, real);
      return path.join(real, ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      if (path.dirname(current) === current) throw error;
      missing.push(path.basename(current));
      current = path.dirname(current);
    }
  }
}

/**
 * Refuses to replace a folder the build did not write: anything but a missing folder, an empty
 * one, one holding the build marker, or an unmarked build of the previous version. A git
 * worktree (a `.git` entry) is refused even with the marker: its history is not the build's.
 * @throws UserError (OutputNotFolder, OutputProtected, OutputNotOwned)
 */
export async function assertReplaceable(dir: string): Promise<void> {
  const stats = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!stats) return;
  if (!stats.isDirectory()) throw OutputNotFolder.create(dir, dir);
  const entries = await readdir(dir);
  if (entries.includes('.git')) throw OutputProtected.create(dir, 'a git worktree (it holds .git)');
  if (entries.length === 0 || (await hasMarker(dir))) return;
  const unknown = await unknownEntry(dir, entries);
  if (unknown !== undefined) throw OutputNotOwned.create(dir, unknown);
}

async function hasMarker(dir: string): Promise<boolean> {
  const file = path.join(dir, BUILD_MARKER);
  const stats = await lstat(file).catch(() => undefined);
  if (!stats?.isFile()) return false;
  const firstLine = (await readFile(file, 'utf8')).split('\n', 1)[0]!;
  return MARKER_FIRST_LINE.test(firstLine);
}

/** What every build of the previous version wrote at the root of its output, besides the pages' and campaigns' folders. */
const LEGACY_FILES = /^(?:index\.html|404\.html|_headers|_hosting|assets|(?:config|manifest)\.json(?:\.gz|\.br)?)$/;

/**
 * Builds of the previous version carry no marker. Such a folder is accepted when every entry is
 * one that version wrote: the fixed files, and the folders its own manifest.json names (each
 * page's first folder, or each campaign's folder of an `--all` build). A manifest.json of another
 * kind (a PWA's) names none, so its `src/` is unknown and the folder is refused.
 * @returns the first entry the build did not write, or undefined when it wrote them all.
 */
async function unknownEntry(dir: string, entries: string[]): Promise<string | undefined> {
  const named = await manifestFolders(dir);
  return entries.sort().find((entry) => !LEGACY_FILES.test(entry) && !named.has(entry));
}

async function manifestFolders(dir: string): Promise<Set<string>> {
  let manifest: { pages?: unknown; campaigns?: unknown };
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return new Set();
  }
  const firstFolder = (file: unknown) => (typeof file === 'string' && file.includes('/') ? file.split('/')[0]! : undefined);
  const pages = Array.isArray(manifest.pages) ? manifest.pages.map((page) => firstFolder((page as { file?: unknown }).file)) : [];
  const campaignDir = (campaign: unknown) => (campaign as { dir?: unknown }).dir;
  const campaigns = Array.isArray(manifest.campaigns)
    ? manifest.campaigns.map((campaign) => (typeof campaignDir(campaign) === 'string' ? firstFolder(`${campaignDir(campaign)}/`) : undefined))
    : [];
  return new Set([...pages, ...campaigns].filter((name): name is string => Boolean(name) && name !== '..' && name !== '.'));
}
