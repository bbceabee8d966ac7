// Checks one campaign's settings against what the schema cannot see: files on disk, translations, sums.
import path from 'node:path';
import { isSeq } from 'yaml';
import type { ConfigIssue } from '../shared/errors.ts';
import { formatKeyPath, positionOf, type KeyPath, type LoadedConfig } from './load.ts';
import type { LocaleFile } from './locale-files.ts';
import { localeTagProblems } from './locale-tags.ts';
import { trackingProblems } from './tracking-checks.ts';
import type { ProjectFiles } from './project-files.ts';
import { missingTranslations } from './translations.ts';
import type { CampaignConfig, Config } from './types.ts';

/** The problems of one campaign; the locale files it reads are added to `localeFiles`. */
export function crossCheck(
  loaded: LoadedConfig,
  campaign: CampaignConfig,
  files: ProjectFiles,
  localeFiles: Map<string, LocaleFile>,
): ConfigIssue[] {
  const { config } = campaign;
  const issues: ConfigIssue[] = [];
  // A problem inherited from the top level is reported there, once; an overridden key at the campaign.
  const report = (keyPath: KeyPath, message: string, at?: 'key') =>
    issues.push(issueAt(loaded, locateOverride(loaded, campaign.name, keyPath), message, at));

  for (const [keyPath, imagePath] of imagePaths(config)) {
    if (!files.isFile(path.resolve(loaded.dir, imagePath))) report(keyPath, `image not found: expected a file at ${imagePath}, found nothing`);
  }
  for (const [landingType, weights] of Object.entries(config.splitTest)) {
    const sum = Object.values(weights).reduce((total, weight) => total + weight, 0);
    if (sum > 100) report(['splitTest', landingType], `weights must sum to at most 100, found ${Number(sum.toFixed(6))}`);
  }

  for (const problem of trackingProblems(config)) {
    // A campaign that drops a variant may keep the top level's split test for it: only the keys it writes itself must match its variants.
    const inherited = campaign.name !== null && problem.keyPath[0] === 'splitTest' && !loaded.document.hasIn(['campaigns', campaign.name, ...problem.keyPath]);
    if (!inherited) report(problem.keyPath, problem.message, problem.atKey ? 'key' : undefined);
  }

  const tagProblems = localeTagProblems(config);
  for (const problem of tagProblems) report(problem.keyPath, problem.message);
  // A tag Intl refuses names no file worth reading; its own problem says what to write instead.
  const badLocales = new Set(tagProblems.flatMap(({ keyPath }) => (keyPath[0] === 'locales' ? [config.locales[keyPath[1] as number]] : [])));

  const localesDir = path.resolve(loaded.dir, config.localesDir);
  if (!files.isDirectory(localesDir)) {
    const shown = path.relative(process.cwd(), localesDir) || localesDir;
    const found = files.isFile(localesDir) ? 'a file' : 'nothing';
    const written = loaded.document.hasIn(['localesDir']) || loaded.document.hasIn(['campaigns', campaign.name ?? '', 'localesDir']);
    report(written ? ['localesDir'] : ['locales'], `locales folder not found: expected a folder of <lang>.json files at ${shown}, found ${found}`);
    return issues;
  }
  const read = config.locales.map((locale, index) => {
    if (badLocales.has(locale)) return undefined;
    const file = localeFilePath(loaded.dir, config, locale);
    const result = files.locale(file, locale);
    if ('unreadable' in result) report(['locales', index], result.unreadable);
    if ('issues' in result) issues.push(...result.issues);
    if ('file' in result) localeFiles.set(file, result.file);
    return 'file' in result ? result.file : undefined;
  });
  issues.push(...missingTranslations(config, read.filter((file) => file !== undefined)));
  return issues;
}

/** Where a locale's file is: `<localesDir>/<locale>.json`, relative to the config. */
export function localeFilePath(configDir: string, config: Config, locale: string): string {
  return path.join(path.resolve(configDir, config.localesDir), `${locale}.json`);
}

/** Every image the config names, with where it is named. */
function imagePaths(config: Config): Array<[KeyPath, string]> {
  const found: Array<[KeyPath, string]> = [[['app', 'icon'], config.app.icon]];
  config.variants.forEach((variant, v) => variant.screenshots.forEach((image, i) => found.push([['variants', v, 'screenshots', i], image])));
  config.sharedScreenshots.forEach((image, i) => found.push([['sharedScreenshots', i], image]));
  config.app.privacy.forEach((card, c) => {
    found.push([['app', 'privacy', c, 'icon'], card.icon]);
    card.categories.forEach((category, i) => found.push([['app', 'privacy', c, 'categories', i, 'icon'], category.icon]));
  });
  return found;
}

/**
 * Where a campaign's key path is written: in the campaign when it sets that key,
 * or replaces a list that holds it; else at the top level it inherits from.
 */
function locateOverride(loaded: LoadedConfig, campaign: string | null, keyPath: KeyPath): KeyPath {
  if (campaign === null) return keyPath;
  const inCampaign: KeyPath = ['campaigns', campaign, ...keyPath];
  if (loaded.document.hasIn(inCampaign)) return inCampaign;
  for (let length = keyPath.length - 1; length > 0; length--) {
    if (isSeq(loaded.document.getIn(['campaigns', campaign, ...keyPath.slice(0, length)], true))) return inCampaign;
  }
  return keyPath;
}

/** An issue at a key path of the config file. */
export function issueAt(loaded: LoadedConfig, keyPath: KeyPath, message: string, at?: 'key'): ConfigIssue {
  const [line, column] = positionOf(loaded, keyPath, at);
  return { file: loaded.file, line, column, path: formatKeyPath(keyPath), message };
}
