// The files a config points at, as validation sees them: read from disk once each, or given by a test.
import { statSync } from 'node:fs';
import path from 'node:path';
import { readLocaleFile, type LocaleRead } from './locale-files.ts';

/** What validation asks of the file system; every answer is kept for the rest of the run. */
export interface ProjectFiles {
  isFile(file: string): boolean;
  isDirectory(dir: string): boolean;
  /** The locale file at an absolute path, parsed (locale-files.ts). */
  locale(file: string, locale: string): LocaleRead;
}

/** The files on disk; `shownFrom` is the folder paths in messages are relative to. */
export function diskFiles(shownFrom = process.cwd()): ProjectFiles {
  const stats = new Map<string, ReturnType<typeof statSync>>();
  const locales = new Map<string, LocaleRead>();
  const stat = (file: string) => {
    if (!stats.has(file)) stats.set(file, statSync(file, { throwIfNoEntry: false }));
    return stats.get(file);
  };
  return {
    isFile: (file) => stat(file)?.isFile() ?? false,
    isDirectory: (dir) => stat(dir)?.isDirectory() ?? false,
    locale(file, locale) {
      let read = locales.get(file);
      if (!read) {
        read = readLocaleFile(file, path.relative(shownFrom, file) || file, locale);
        locales.set(file, read);
      }
      return read;
    },
  };
}
