// The one rule for the folders commands empty or replace: only a folder the command wrote itself, known by
// the marker it left there, and never the current folder, the config's folder or an input, nor a folder
// holding one of them.
import { lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './paths.ts';
import { OutputInsideSource, OutputLinkBroken, OutputNotFolder, OutputNotOwned, OutputProtected, ReportDirNotOurs } from './errors.ts';

/**
 * The kinds of folders store-landing writes: a site (`build`, `merge`), a screenshot report (`screenshots`,
 * `screenshots-merge`), `dev`'s temporary folders, a project (`init`), screenshot baselines (`screenshots --update`),
 * and a screenshot run's temporary folder.
 */
export type FolderKind = 'build' | 'report' | 'dev' | 'project' | 'baselines' | 'screenshots-run';

/** The marker a command writes at the root of its folder: no other tool writes a file of these names. */
interface Marker {
  file: string;
  /** A format line, then a note for whoever opens it. Fixed, so builds stay byte-for-byte reproducible. */
  text: string;
}

const MARKERS: Record<FolderKind, Marker> = {
  build: {
    file: '.store-landing-build',
    text: 'store-landing-build 1\nWritten by `store-landing build`, which replaces this folder whole on the next build.\n',
  },
  report: {
    file: '.store-landing-report',
    text: 'store-landing-report 1\nWritten by `store-landing screenshots`, which empties this folder on its next run.\n',
  },
  dev: {
    file: '.store-landing-dev',
    text: 'store-landing-dev 1\nA temporary folder of `store-landing dev`, removed when it stops.\n',
  },
  project: {
    file: '.store-landing-project',
    text: 'store-landing-project 1\nWritten by `store-landing init`: run again here, it adds only the files that are missing. Commit it.\n',
  },
  baselines: {
    file: '.store-landing-baselines',
    text: 'store-landing-baselines 1\nScreenshot baselines of `store-landing screenshots`, whose `--update --prune` may remove PNGs here that no page produces.\n',
  },
  'screenshots-run': {
    file: '.store-landing-screenshots-run',
    text: 'store-landing-screenshots-run 1\nA temporary folder of `store-landing screenshots`, removed when it ends or, if it was killed, by the next run.\n',
  },
};

/** The marker file's name and text for a kind of folder. */
export function markerOf(kind: FolderKind): Marker {
  return MARKERS[kind];
}

/** Writes the marker of `kind` into `dir`, which exists. */
export function writeMarker(dir: string, kind: FolderKind): void {
  writeFileSync(path.join(dir, MARKERS[kind].file), MARKERS[kind].text);
}

/** Whether `dir` holds the marker of `kind`: a regular file whose first line names that kind (any format version). */
export function isMarked(dir: string, kind: FolderKind): boolean {
  const file = path.join(dir, MARKERS[kind].file);
  try {
    if (!lstatSync(file).isFile()) return false;
    const firstLine = readFileSync(file, 'utf8').split('\n', 1)[0]!.replace(/\r$/, '');
    return new RegExp(`^store-landing-${kind} \\d+$`).test(firstLine);
  } catch {
    return false;
  }
}

/** Removes `dir` if it is missing or holds the marker of `kind`; leaves anything else alone. Synchronous, for exit handlers. */
export function removeIfMarked(dir: string, kind: FolderKind): void {
  if (isMarked(dir, kind)) rmSync(dir, { recursive: true, force: true });
}

/** Paths a command's folder must keep clear of. */
export interface Guards {
  /** The config file (`-c`): its folder, and every folder above it, hold the project. */
  configFile?: string;
  /** Folders or files the command reads (shards, reports, a build, baselines): the folder may neither be nor hold one. */
  inputs?: string[];
  /** Also refuse a folder inside an input: `merge` reads its shards whole while it writes. */
  apartFromInputs?: boolean;
}

/** Where a command writes, everything resolved. */
export interface FolderTarget {
  /** The folder as given, absolute. */
  requested: string;
  /** Its real path, links followed: the folder that is emptied or replaced. A symlinked folder stays a link to it. */
  dir: string;
}

/**
 * Resolves `folder` through every link (the folder itself and its parents) and refuses the
 * current folder, the config's folder, every input and any folder above one of them (and, with
 * `apartFromInputs`, a folder inside an input). `what` names the command's output in the messages ("the build").
 * @throws UserError (OutputInsideSource, OutputProtected, OutputLinkBroken, OutputNotFolder)
 */
export async function resolveTarget(folder: string, what: string, guards: Guards = {}): Promise<FolderTarget> {
  const requested = path.resolve(folder);
  const link = await lstat(requested).catch(() => undefined);
  let dir: string;
  if (link?.isSymbolicLink()) {
    dir = await realpath(requested).catch(() => {
      throw OutputLinkBroken.create(requested, what);
    });
  } else {
    dir = await realOfNearest(requested, what);
  }
  if (isInside(dir, await realpath(process.cwd()))) throw OutputInsideSource.create(dir, what);
  if (guards.configFile) {
    const configDir = await realOfNearest(path.dirname(path.resolve(guards.configFile)), what);
    if (isInside(dir, configDir))
      throw OutputProtected.create(dir, what, `the folder of the config ${guards.configFile}, or a folder above it`);
  }
  for (const input of guards.inputs ?? []) {
    const real = await realOfNearest(path.resolve(input), what);
    if (isInside(dir, real) || (guards.apartFromInputs && isInside(real, dir))) {
      throw OutputProtected.create(
        dir,
        what,
        `${input}, which this command reads, or a folder ${guards.apartFromInputs ? 'above or inside' : 'above'} it`,
      );
    }
  }
  return { requested, dir };
}

/** The real path of `file`, which need not exist yet: its nearest existing ancestor resolved, the rest appended. */
async function realOfNearest(file: string, what: string): Promise<string> {
  const missing: string[] = [];
  let current = file;
  for (;;) {
    try {
      const real = await realpath(current);
      if (missing.length && !(await stat(real)).isDirectory()) throw OutputNotFolder.create(file, real, what);
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
 * Refuses to empty or replace a folder the command did not write: anything but a missing folder,
 * an empty one, or one holding the marker of `kind`. Nothing is guessed from file names. A git
 * worktree (a `.git` entry) is refused even with the marker: its history is not the command's.
 * @throws UserError (OutputNotFolder, OutputProtected, OutputNotOwned or ReportDirNotOurs)
 */
export async function assertOwned(dir: string, kind: FolderKind, what: string): Promise<void> {
  const stats = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!stats) return;
  if (!stats.isDirectory()) throw OutputNotFolder.create(dir, dir, what);
  const entries = (await readdir(dir)).sort();
  if (entries.includes('.git')) throw OutputProtected.create(dir, what, 'a git worktree (it holds .git)');
  if (entries.length === 0 || isMarked(dir, kind)) return;
  throw (kind === 'report' ? ReportDirNotOurs : OutputNotOwned).create(dir, what, entries[0]!, MARKERS[kind].file);
}
