// Every path the config names must lead, links followed, into the config's own folder: a build publishes what
// it reads, so nothing outside may be reachable.
import path from 'node:path';
import { isInside } from '../shared/paths.ts';
import type { LoadedConfig } from './load.ts';
import type { ProjectFiles } from './project-files.ts';

/**
 * Where `target` really leads when it leaves the config's folder (both resolved through every
 * link, so a link inside that points out counts as outside); undefined when it stays inside.
 */
export function outsideTarget(loaded: LoadedConfig, files: ProjectFiles, target: string): string | undefined {
  const real = files.realPath(target);
  return isInside(files.realPath(loaded.dir), real) ? undefined : real;
}

/**
 * The problem of a path that leaves the config's folder: `what` it names ("image"), the path
 * as written, and where it really leads.
 */
export function outsideProblem(loaded: LoadedConfig, what: string, written: string, real: string): string {
  const relative = path.relative(process.cwd(), loaded.dir);
  const folder = relative === '' ? '.' : relative.startsWith('..') ? loaded.dir : relative;
  // Written inside but leading out: name the link's target, which is what would be published.
  const found = isInside(loaded.dir, path.resolve(loaded.dir, written)) ? `${written}, a link to ${real}` : written;
  return `${what} outside the config's folder: expected a path inside ${folder}, found ${found}; copy it into that folder (the build publishes what it reads, and follows links)`;
}
