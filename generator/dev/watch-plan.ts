// What dev watches for a config: the file itself, its locale folders, every image it shows, and the templates.
import path from 'node:path';
import { imageUses } from '../pipeline/images/image-roles.ts';
import { loadConfig } from '../config/load.ts';
import { checkConfig } from '../config/validate.ts';
import { TEMPLATES_DIR } from './reload.ts';
import type { WatchPlan } from './watch.ts';

/** In a locale folder, these files count (a new locale file too). */
const LOCALE_EXTENSIONS = ['.json'];

/**
 * The plan for `configFile` as it is on disk now. A config that does not load or validate
 * still gets the file itself, the default locale folder and the templates watched, plus
 * `previous`'s files and folders, so fixing whatever it names is noticed too.
 */
export async function watchPlan(configFile: string, previous?: WatchPlan): Promise<WatchPlan> {
  const config = path.resolve(configFile);
  const configDir = path.dirname(config);
  const fallback: WatchPlan = {
    files: [...new Set([config, ...(previous?.files ?? [])])],
    folders: previous?.folders ?? [{ dir: path.join(configDir, 'locales'), extensions: LOCALE_EXTENSIONS }],
    trees: [TEMPLATES_DIR],
  };
  let checked;
  try {
    checked = await checkConfig(await loadConfig(configFile));
  } catch {
    return fallback;
  }
  if (!checked.valid) return fallback;
  const { dir } = checked.valid.loaded;
  const configs = [checked.valid.base, ...checked.valid.campaigns].map((campaign) => campaign.config);
  const images = configs.flatMap((each) => imageUses(each).map((use) => path.resolve(dir, use.source)));
  const localeDirs = configs.map((each) => path.resolve(dir, each.localesDir));
  return {
    files: [...new Set([config, ...images])],
    folders: [...new Set(localeDirs)].map((dir) => ({ dir, extensions: LOCALE_EXTENSIONS })),
    trees: [TEMPLATES_DIR],
  };
}
