// How strict the check is with each screenshot: the config's `screenshots` settings (per campaign), the
// command line's flags, and the per-page globs that give a page slack.
import path from 'node:path';
import picomatch from 'picomatch';
import type { Config } from '../config/types.ts';

/** A shot fails when more than `maxDiffPixels` pixels differ by more than `pixelThreshold` (pixelmatch's colour distance). */
export interface ShotBudget {
  maxDiffPixels: number;
  pixelThreshold: number;
}

/** The config's `screenshots` section, every default filled in. */
export type ScreenshotSettings = Config['screenshots'];

/** The settings of a config without a `screenshots` section (and of a run without a config): strict. */
export const DEFAULT_SETTINGS: ScreenshotSettings = { maxDiffPixels: 0, pixelThreshold: 0.03, pages: {} };

/**
 * The budget of the shot named `name` (`de-feature3-350.png`, its campaign's folder aside): the
 * command line's flags over the settings' defaults, and the last `pages` glob that matches the
 * name (with or without `.png`) over both, since a glob names pages that need slack on purpose.
 */
export function budgetFor(name: string, settings: ScreenshotSettings, flags: Partial<ShotBudget>): ShotBudget {
  const budget: ShotBudget = {
    maxDiffPixels: flags.maxDiffPixels ?? settings.maxDiffPixels,
    pixelThreshold: flags.pixelThreshold ?? settings.pixelThreshold,
  };
  const base = path.posix.basename(name);
  for (const [glob, override] of Object.entries(settings.pages)) {
    const matches = picomatch(glob);
    if (matches(base) || matches(base.replace(/\.png$/, ''))) Object.assign(budget, override);
  }
  return budget;
}
