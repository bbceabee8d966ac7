// Each image a campaign names: inside the config's folder, present, and one the build can encode, judged from
// its header as the build judges it (shared/image-limits.ts), and kept where the build finds it (shared/image-headers.ts).
import path from 'node:path';
import { imageCacheDir } from '../shared/cache-dir.ts';
import { checkImage, MAX_SVG_BYTES, svgTooLarge, unreadableImage } from '../shared/image-limits.ts';
import type { KeyPath, LoadedConfig } from './load.ts';
import { imageUses, type ImageUse } from './image-uses.ts';
import type { ProjectFiles } from './project-files.ts';
import { outsideProblem, outsideTarget } from './project-paths.ts';
import type { Config } from './types.ts';

/** Reports the problem of each image of `config`; reads only the headers of files inside the config's folder. */
export async function checkImages(
  loaded: LoadedConfig,
  config: Config,
  files: ProjectFiles,
  report: (keyPath: KeyPath, message: string) => void,
): Promise<void> {
  const uses = imageUses(config);
  const problems = await Promise.all(uses.map((use) => imageProblem(loaded, files, use)));
  uses.forEach((use, i) => {
    if (problems[i]) report(use.keyPath, problems[i]);
  });
}

async function imageProblem(loaded: LoadedConfig, files: ProjectFiles, { role, source: written }: ImageUse): Promise<string | undefined> {
  const file = path.resolve(loaded.dir, written);
  // Checked first, and nothing outside is read: not even its header.
  const outside = outsideTarget(loaded, files, file);
  if (outside !== undefined) return outsideProblem(loaded, 'image', written, outside);
  if (!files.isFile(file)) return `image not found: expected a file at ${written}, found nothing`;
  const bytes = files.bytes(file) ?? 0;
  if (path.extname(file).toLowerCase() === '.svg' && bytes > MAX_SVG_BYTES) return svgTooLarge(written, bytes);
  const read = await files.image(file, imageCacheDir(loaded.dir));
  return 'unreadable' in read ? unreadableImage(written, read.unreadable, read.fix) : checkImage(read.header, role, written);
}
