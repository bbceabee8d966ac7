// The files a config points at, as validation sees them: read from disk once each, or given by a test; what
// was asked is kept as the build's inputs.
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { knownImageHeader } from '../shared/image-headers.ts';
import type { ImageHeaderRead } from '../shared/image-limits.ts';
import { readLocaleFile, type LocaleRead } from './locale-files.ts';

/** What validation asks of the file system; every answer is kept for the rest of the run. */
export interface ProjectFiles {
  isFile(file: string): boolean;
  isDirectory(dir: string): boolean;
  /** The size of a file in bytes; undefined when there is none. */
  bytes(file: string): number | undefined;
  /**
   * The absolute path with every symbolic link resolved, as the build would reach the file;
   * for a path that does not exist (yet), its nearest existing folder resolved and the rest kept.
   */
  realPath(file: string): string;
  /** The locale file at an absolute path, parsed (locale-files.ts). */
  locale(file: string, locale: string): LocaleRead;
  /** The header of the image at an absolute path (format and size; shared/image-limits.ts), kept in the image cache `imageCache`. */
  image(file: string, imageCache: string): Promise<ImageHeaderRead>;
  /** Every path asked about so far (absolute), as it was when first asked: before it was read. */
  consulted(): Map<string, ConsultedPath>;
}

/** A path asked about: a file (with its modification time in ms), a folder, or nothing there. */
export type ConsultedPath = { kind: 'file'; modified: number } | { kind: 'folder' } | { kind: 'absent' };

/** The files on disk; `shownFrom` is the folder paths in messages are relative to. */
export function diskFiles(shownFrom = process.cwd()): ProjectFiles {
  const stats = new Map<string, ReturnType<typeof statSync>>();
  const realPaths = new Map<string, string>();
  const locales = new Map<string, LocaleRead>();
  const images = new Map<string, Promise<ImageHeaderRead>>();
  const stat = (file: string) => {
    if (!stats.has(file)) stats.set(file, statSync(file, { throwIfNoEntry: false }));
    return stats.get(file);
  };
  const realPath = (file: string): string => {
    let real = realPaths.get(file);
    if (real === undefined) {
      real = resolveLinks(file);
      realPaths.set(file, real);
    }
    return real;
  };
  return {
    isFile: (file) => stat(file)?.isFile() ?? false,
    isDirectory: (dir) => stat(dir)?.isDirectory() ?? false,
    bytes: (file) => (stat(file)?.isFile() ? Number(stat(file)!.size) : undefined),
    realPath,
    locale(file, locale) {
      let read = locales.get(file);
      if (!read) {
        stat(file);
        read = readLocaleFile(file, path.relative(shownFrom, file) || file, locale);
        locales.set(file, read);
      }
      return read;
    },
    image(file, imageCache) {
      if (!images.has(file)) {
        stat(file);
        images.set(file, knownImageHeader(file, imageCache));
      }
      return images.get(file)!;
    },
    consulted: () => new Map([...stats].map(([file, stats]) => [path.resolve(file), consultedPath(stats)])),
  };
}

function consultedPath(stats: ReturnType<typeof statSync>): ConsultedPath {
  if (stats?.isFile()) return { kind: 'file', modified: Number(stats.mtimeMs) };
  return stats?.isDirectory() ? { kind: 'folder' } : { kind: 'absent' };
}

/** realpath for a path that may not exist: the deepest existing ancestor resolved, the missing rest appended. */
function resolveLinks(file: string): string {
  const absolute = path.resolve(file);
  try {
    return realpathSync.native(absolute);
  } catch {
    const parent = path.dirname(absolute);
    // The root always exists; a dangling link resolves no further than its own folder.
    return parent === absolute ? absolute : path.join(resolveLinks(parent), path.basename(absolute));
  }
}
