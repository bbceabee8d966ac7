// Each image a campaign names: inside the config's folder, present, and one the build can encode, judged from its header as the build judges it (shared/image-limits.ts).
import path from 'node:path';
import type { ImageRole } from '../build/image-roles.ts';
import { checkImage, MAX_SVG_BYTES, svgTooLarge, unreadableImage } from '../shared/image-limits.ts';
import type { KeyPath, LoadedConfig } from './load.ts';
import type { ProjectFiles } from './project-files.ts';
import { outsideProblem, outsideTarget } from './project-paths.ts';
import type { Config } from './types.ts';

/** One image as the config names it: where, in which role, and the path as written. */
interface ImageEntry {
  keyPath: KeyPath;
  role: ImageRole;
  written: string;
}

/** Reports the problem of each image of `config`; reads only the headers of files inside the config's folder. */
export async function checkImages(
  loaded: LoadedConfig,
  config: Config,
  files: ProjectFiles,
  report: (keyPath: KeyPath, message: string) => void,
): Promise<void> {
  const entries = imageEntries(config);
  const problems = await Promise.all(entries.map((entry) => imageProblem(loaded, files, entry)));
  entries.forEach((entry, i) => {
    if (problems[i]) report(entry.keyPath, problems[i]);
  });
}

async function imageProblem(loaded: LoadedConfig, files: ProjectFiles, { role, written }: ImageEntry): Promise<string | undefined> {
  const file = path.resolve(loaded.dir, written);
  // Checked first, and nothing outside is read: not even its header.
  const outside = outsideTarget(loaded, files, file);
  if (outside !== undefined) return outsideProblem(loaded, 'image', written, outside);
  if (!files.isFile(file)) return `image not found: expected a file at ${written}, found nothing`;
  const bytes = files.bytes(file) ?? 0;
  if (path.extname(file).toLowerCase() === '.svg' && bytes > MAX_SVG_BYTES) return svgTooLarge(written, bytes);
  const read = await files.image(file);
  return 'unreadable' in read ? unreadableImage(written, read.unreadable) : checkImage(read.header, role, written);
}

/** Every image the config names, with where and in which role (build/image-roles.ts's imageUses, with key paths). */
function imageEntries(config: Config): ImageEntry[] {
  const found: ImageEntry[] = [{ keyPath: ['app', 'icon'], role: 'icon', written: config.app.icon }];
  config.variants.forEach((variant, v) =>
    variant.screenshots.forEach((image, i) => found.push({ keyPath: ['variants', v, 'screenshots', i], role: 'screenshot', written: image })),
  );
  config.sharedScreenshots.forEach((image, i) => found.push({ keyPath: ['sharedScreenshots', i], role: 'screenshot', written: image }));
  config.app.privacy.forEach((card, c) => {
    found.push({ keyPath: ['app', 'privacy', c, 'icon'], role: 'privacyCard', written: card.icon });
    card.categories.forEach((category, i) =>
      found.push({ keyPath: ['app', 'privacy', c, 'categories', i, 'icon'], role: 'privacyCategory', written: category.icon }),
    );
  });
  return found;
}
