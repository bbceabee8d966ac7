// Checks a loaded config against the JSON Schema, then across files: translations complete, images present, weights sane.
import { Ajv, type ValidateFunction } from 'ajv';
import { isSeq } from 'yaml';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { PAGE_KEYS } from '../../templates/page-keys.ts';
import type { Locale, Messages } from '../../templates/props.ts';
import { ConfigError, type ConfigIssue } from '../shared/errors.ts';
import { formatKeyPath, parseConfig, positionOf, type KeyPath, type LoadedConfig } from './load.ts';
import { mergeOverrides } from './merge.ts';
import { planPages, type BuildSelection } from '../build/plan.ts';
import { lineAndColumn, readConfigText } from './read-text.ts';
import { findJsonSyntaxError } from './syntax-errors.ts';
import { describeSchemaErrors, describeValue } from './schema-errors.ts';
import schema from './variants.schema.json' with { type: 'json' };
import type { Config } from './types.ts';

/** One set of pages to build: the top level (`name` null) or a campaign with its overrides merged in. */
export interface CampaignConfig {
  name: string | null;
  config: Config;
}

/** A locale file, parsed, with its document for positions. */
export interface LocaleFile {
  locale: Locale;
  loaded: LoadedConfig;
  messages: Messages;
}

/** A config that passed every check, with its translations loaded. */
export interface ValidConfig {
  loaded: LoadedConfig;
  /** The top-level settings. */
  base: CampaignConfig;
  campaigns: CampaignConfig[];
  /** Locale files by resolved path, shared by the campaigns that use them. */
  localeFiles: Map<string, LocaleFile>;
}

// No useDefaults: filling defaults into a campaign's overrides would override the top level's values.
const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
const validateTop = ajv.compile(schema);
const validateOverride = ajv.compile(overrideSchema(schema));

/**
 * Validates everything at once.
 * @throws ConfigError listing every problem with file, line, column and key path.
 */
export function validateConfig(loaded: LoadedConfig): ValidConfig {
  const issues: ConfigIssue[] = [];
  const report = (keyPath: KeyPath, message: string, at?: 'key') =>
    issues.push(issueAt(loaded, keyPath, message, at));

  checkSchema(validateTop, loaded.data, [], report);
  if (issues.length) throw new ConfigError(inFileOrder(issues));

  const baseConfig = loaded.data as Config;
  const overrides = Object.entries(baseConfig.campaigns ?? {});
  for (const [name, override] of overrides) {
    checkSchema(validateOverride, override, ['campaigns', name], report);
  }
  if (issues.length) throw new ConfigError(inFileOrder(issues));

  const { campaigns: _, ...topLevel } = baseConfig;
  const base: CampaignConfig = { name: null, config: topLevel };
  const campaigns = overrides.map(([name, override]) => ({ name, config: mergeOverrides(topLevel, override) as Config }));

  const localeFiles = new Map<string, LocaleFile>();
  for (const campaign of [base, ...campaigns]) {
    crossCheck(loaded, campaign, localeFiles, issues);
  }
  const valid: ValidConfig = { loaded, base, campaigns, localeFiles };
  issues.push(...outputCollisions(valid));
  const unique = dedupe(issues);
  if (unique.length) throw new ConfigError(inFileOrder(unique));
  return valid;
}

/**
 * Two pages aimed at one file, in the top level or any campaign, whichever a build selects:
 * a campaign's own folder is planned as `--campaign NAME` plans it, so a collision the
 * campaign inherits is reported once, at the top level.
 */
function outputCollisions(valid: ValidConfig): ConfigIssue[] {
  const selections: BuildSelection[] = [{}, ...valid.campaigns.map((campaign) => ({ campaign: campaign.name! }))];
  return selections.flatMap((selection) => {
    try {
      planPages(valid, selection);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.issues;
      throw error;
    }
  });
}

function checkSchema(
  validate: ValidateFunction,
  data: unknown,
  prefix: KeyPath,
  report: (keyPath: KeyPath, message: string, at?: 'key') => void,
) {
  if (validate(data)) return;
  for (const problem of describeSchemaErrors(validate.errors ?? [])) {
    report([...prefix, ...problem.keyPath], problem.message, problem.atKey ? 'key' : undefined);
  }
}

/** Checks that need more than the schema: files on disk, translations, sums. */
function crossCheck(loaded: LoadedConfig, campaign: CampaignConfig, localeFiles: Map<string, LocaleFile>, issues: ConfigIssue[]) {
  const { config } = campaign;
  // A problem inherited from the top level is reported there, once; an overridden key at the campaign.
  const report = (keyPath: KeyPath, message: string) =>
    issues.push(issueAt(loaded, locateOverride(loaded, campaign.name, keyPath), message));

  for (const [keyPath, imagePath] of imagePaths(config)) {
    if (!existsSync(path.resolve(loaded.dir, imagePath))) {
      report(keyPath, `image not found: expected a file at ${imagePath}, found nothing`);
    }
  }

  for (const [landingType, weights] of Object.entries(config.splitTest)) {
    const sum = Object.values(weights).reduce((total, weight) => total + weight, 0);
    if (sum > 100) {
      report(['splitTest', landingType], `weights must sum to at most 100, found ${Number(sum.toFixed(6))}`);
    }
  }

  const localesDir = path.resolve(loaded.dir, config.localesDir ?? 'locales');
  if (!isDirectory(localesDir)) {
    const shown = path.relative(process.cwd(), localesDir) || localesDir;
    const found = existsSync(localesDir) ? 'a file' : 'nothing';
    report(config.localesDir === undefined ? ['locales'] : ['localesDir'], `locales folder not found: expected a folder of <lang>.json files at ${shown}, found ${found}`);
    return;
  }
  const files = config.locales.map((locale) => readLocale(localeFilePath(loaded, config, locale), locale, localeFiles, report, issues));
  const reference = files.find((file) => file?.locale === config.defaultLocale);
  const required = new Set<string>([...PAGE_KEYS, ...referencedKeys(config), ...(reference ? leafKeys(reference.messages) : [])]);
  for (const file of files) {
    if (!file) continue;
    for (const key of required) {
      if (typeof lookup(file.messages, key) !== 'string') {
        const keyPath = key.split('.');
        issues.push(
          issueAt(
            file.loaded,
            keyPath,
            `missing translation: expected a text for "${key}" in ${file.locale}, found ${describeValue(lookup(file.messages, key))}`,
          ),
        );
      }
    }
  }
}

function isDirectory(dir: string): boolean {
  return statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function localeFilePath(loaded: LoadedConfig, config: Config, locale: Locale): string {
  return path.join(path.resolve(loaded.dir, config.localesDir ?? 'locales'), `${locale}.json`);
}

function readLocale(
  file: string,
  locale: Locale,
  cache: Map<string, LocaleFile>,
  report: (keyPath: KeyPath, message: string) => void,
  issues: ConfigIssue[],
): LocaleFile | undefined {
  const cached = cache.get(file);
  if (cached) return cached;
  const shown = path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = readConfigText(file, shown);
  } catch (error) {
    if (error instanceof ConfigError) {
      issues.push(...error.issues);
      return undefined;
    }
    const code = (error as NodeJS.ErrnoException).code;
    report(['locales'], code === 'ENOENT' || code === 'ENOTDIR'
      ? `translations for "${locale}" not found: expected a file at ${shown}, found nothing`
      : `translations for "${locale}" cannot be read: expected a readable file at ${shown}, found ${code === 'EISDIR' ? 'a folder' : code ?? 'an error'}`);
    return undefined;
  }
  // JSON, strictly: the YAML parser used below for positions would also take trailing commas and missing values.
  const syntax = text.trim() ? findJsonSyntaxError(text.replace(/^\uFEFF/, '')) : null;
  if (syntax) {
    const [line, column] = lineAndColumn(text.replace(/^\uFEFF/, '').slice(0, syntax.offset));
    issues.push({ file: shown, line, column, path: '', message: syntax.message });
    return undefined;
  }
  try {
    const loaded = parseConfig(text, shown);
    if (typeof loaded.data !== 'object' || Array.isArray(loaded.data)) {
      issues.push({ file: shown, line: 1, column: 1, path: '', message: `expected an object of translations, found ${describeValue(loaded.data)}` });
      return undefined;
    }
    const localeFile = { locale, loaded, messages: loaded.data as Messages };
    cache.set(file, localeFile);
    return localeFile;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    issues.push(...error.issues);
    return undefined;
  }
}

/** Every image the config names, with where it is named. */
function imagePaths(config: Config): Array<[KeyPath, string]> {
  const found: Array<[KeyPath, string]> = [[['app', 'icon'], config.app.icon]];
  config.variants.forEach((variant, v) =>
    variant.screenshots.forEach((image, i) => found.push([['variants', v, 'screenshots', i], image])),
  );
  config.sharedScreenshots.forEach((image, i) => found.push([['sharedScreenshots', i], image]));
  config.app.privacy.forEach((card, c) => {
    found.push([['app', 'privacy', c, 'icon'], card.icon]);
    card.categories.forEach((category, i) => found.push([['app', 'privacy', c, 'categories', i, 'icon'], category.icon]));
  });
  return found;
}

/** The locale keys the config itself names. */
function referencedKeys(config: Config): string[] {
  return [
    `categories.${config.app.category}`,
    ...config.app.languages.map((language) => `languageNames.${language}`),
    ...config.app.inAppPurchases.map((purchase) => purchase.name),
    ...config.app.reviews.flatMap((review) => [`reviews.${review.id}.title`, `reviews.${review.id}.body`]),
    ...config.app.privacy.flatMap((card) => [
      `privacy.cards.${card.id}.title`,
      `privacy.cards.${card.id}.description`,
      ...card.categories.map((category) => `privacy.categories.${category.id}`),
    ]),
  ];
}

function leafKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : leafKeys(value, `${prefix}${key}.`),
  );
}

/** The value at a dotted key, without ever reading inherited properties. */
export function lookup(messages: Messages, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
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

function issueAt(loaded: LoadedConfig, keyPath: KeyPath, message: string, at?: 'key'): ConfigIssue {
  const [line, column] = positionOf(loaded, keyPath, at);
  return { file: loaded.file, line, column, path: formatKeyPath(keyPath), message };
}

/** Issues by file (in the order files first appear), then line and column, as a reader goes through them. */
function inFileOrder(issues: ConfigIssue[]): ConfigIssue[] {
  const files = [...new Set(issues.map((issue) => issue.file))];
  return [...issues].sort(
    (a, b) => files.indexOf(a.file) - files.indexOf(b.file) || a.line - b.line || a.column - b.column,
  );
}

function dedupe(issues: ConfigIssue[]): ConfigIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const id = JSON.stringify(issue);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The schema of a campaign's overrides: the top-level schema with nothing required
 * along the object keys (a campaign names only what it changes) but whole lists
 * still complete, and no nested campaigns.
 */
function overrideSchema(top: typeof schema): object {
  const definitions = top.definitions as Record<string, object>;
  const relax = (node: Record<string, unknown>): Record<string, unknown> => {
    const ref = typeof node.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(node.$ref)?.[1] : undefined;
    const resolved = ref ? (definitions[ref] as Record<string, unknown>) : node;
    if (!resolved.properties) return node;
    const { required: _, properties, ...rest } = resolved;
    return {
      ...rest,
      properties: Object.fromEntries(
        Object.entries(properties as Record<string, Record<string, unknown>>).map(([key, value]) => [key, relax(value)]),
      ),
    };
  };
  const { campaigns: _, ...properties } = top.properties;
  const { $id: _id, $schema: _schema, ...rest } = top;
  return { ...relax({ ...rest, properties }), definitions };
}

/** The messages of `locale` for a campaign's config, as loaded by validation. */
export function messagesFor(valid: ValidConfig, config: Config, locale: Locale): Messages {
  const file = localeFilePath(valid.loaded, config, locale);
  const localeFile = valid.localeFiles.get(file);
  if (!localeFile) throw new Error(`The translations ${file} were not loaded by validation.`);
  return localeFile.messages;
}
