// Checks one campaign's settings against what the schema cannot see: files on disk, translations, sums.
import path from 'node:path';
import { isSeq } from 'yaml';
import type { ConfigIssue } from '../shared/errors.ts';
import { checkImages } from './image-checks.ts';
import { formatKeyPath, positionOf, type KeyPath, type LoadedConfig } from './load.ts';
import type { LocaleFile } from './locale-files.ts';
import { listingProblems } from './listing-checks.ts';
import { localeTagProblems } from './locale-tags.ts';
import { trackingProblems } from './tracking-checks.ts';
import type { ProjectFiles } from './project-files.ts';
import { outsideProblem, outsideTarget } from './project-paths.ts';
import { missingTranslations, type CheckedTranslations } from './translations.ts';
import type { CampaignConfig, Config } from './types.ts';

/**
 * The problems of one campaign; the locale files it reads are added to `localeFiles`, the
 * translation checks it runs to `translations` (both kept by the run for its other campaigns).
 */
export async function crossCheck(
  loaded: LoadedConfig,
  campaign: CampaignConfig,
  files: ProjectFiles,
  localeFiles: Map<string, LocaleFile>,
  translations: CheckedTranslations,
): Promise<ConfigIssue[]> {
  const { config } = campaign;
  const issues: ConfigIssue[] = [];
  // A problem inherited from the top level is reported there, once; an overridden key at the campaign.
  const report = (keyPath: KeyPath, message: string, at?: 'key') =>
    issues.push(issueAt(loaded, locateOverride(loaded, campaign.name, keyPath), message, at));

  await checkImages(loaded, config, files, report);
  for (const [landingType, weights] of Object.entries(config.splitTest)) {
    const sum = Object.values(weights).reduce((total, weight) => total + weight, 0);
    if (sum > 100) report(['splitTest', landingType], `weights must sum to at most 100, found ${Number(sum.toFixed(6))}`);
  }

  for (const key of ['releaseDate', 'reviewDate'] as const) {
    const value = config.app[key];
    if (value !== undefined && !isCalendarDate(value))
      report(['app', key], `expected a date that exists in the calendar, found "${value}"`);
  }
  for (const problem of listingProblems(config)) report(problem.keyPath, problem.message);

  for (const problem of trackingProblems(config)) {
    // A campaign that drops a variant may keep the top level's split test for it: only the keys it writes itself must match its variants.
    const inherited =
      campaign.name !== null &&
      problem.keyPath[0] === 'splitTest' &&
      !loaded.document.hasIn(['campaigns', campaign.name, ...problem.keyPath]);
    if (!inherited) report(problem.keyPath, problem.message, problem.atKey ? 'key' : undefined);
  }

  const tagProblems = localeTagProblems(config);
  for (const problem of tagProblems) report(problem.keyPath, problem.message);
  // A tag Intl refuses names no file worth reading; its own problem says what to write instead.
  const badLocales = new Set(
    tagProblems.flatMap(({ keyPath }) => (keyPath[0] === 'locales' ? [config.locales[keyPath[1] as number]] : [])),
  );

  issues.push(...checkLocaleFiles(loaded, campaign, { files, localeFiles, translations }, badLocales, report));
  return issues;
}

/**
 * Reads the campaign's locale files (each once per run, through `files`) into `localeFiles`;
 * returns the problems inside them and reports those of the folder and the files themselves.
 */
function checkLocaleFiles(
  loaded: LoadedConfig,
  { name, config }: CampaignConfig,
  { files, localeFiles, translations }: { files: ProjectFiles; localeFiles: Map<string, LocaleFile>; translations: CheckedTranslations },
  badLocales: Set<string | undefined>,
  report: (keyPath: KeyPath, message: string) => void,
): ConfigIssue[] {
  const localesDir = path.resolve(loaded.dir, config.localesDir);
  const written = loaded.document.hasIn(['localesDir']) || loaded.document.hasIn(['campaigns', name ?? '', 'localesDir']);
  const localesKey: KeyPath = written ? ['localesDir'] : ['locales'];
  const outsideDir = outsideTarget(loaded, files, localesDir);
  if (outsideDir !== undefined) {
    report(localesKey, outsideProblem(loaded, 'locales folder', config.localesDir, outsideDir));
    return [];
  }
  if (!files.isDirectory(localesDir)) {
    const shown = path.relative(process.cwd(), localesDir) || localesDir;
    report(
      localesKey,
      `locales folder not found: expected a folder of <lang>.json files at ${shown}, found ${files.isFile(localesDir) ? 'a file' : 'nothing'}`,
    );
    return [];
  }
  const issues: ConfigIssue[] = [];
  const read = config.locales.map((locale, index) => {
    if (badLocales.has(locale)) return undefined;
    const file = localeFilePath(loaded.dir, config, locale);
    // A locale file that links out of the folder is not read: its text would be published.
    const outside = outsideTarget(loaded, files, file);
    if (outside !== undefined) {
      report(['locales', index], outsideProblem(loaded, `translations for "${locale}"`, path.relative(loaded.dir, file), outside));
      return undefined;
    }
    const result = files.locale(file, locale);
    if ('unreadable' in result) report(['locales', index], result.unreadable);
    if ('issues' in result) issues.push(...result.issues);
    if ('file' in result) localeFiles.set(file, result.file);
    return 'file' in result ? result.file : undefined;
  });
  issues.push(
    ...missingTranslations(
      config,
      read.filter((file) => file !== undefined),
      translations,
    ),
  );
  return issues;
}

/** Whether `YYYY-MM-DD` (the schema checks the shape) names a real day: not February 30, not the 29th in a common year. */
export function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Where a locale's file is: `<localesDir>/<locale>.json`, relative to the config. */
export function localeFilePath(configDir: string, config: Config, locale: string): string {
  return path.join(path.resolve(configDir, config.localesDir), `${locale}.json`);
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
