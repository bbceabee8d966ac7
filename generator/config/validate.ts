// Validation: the schema, then the campaigns merged and defaulted, then the checks across files; every problem at once.
import type { ValidateFunction } from 'ajv';
import { Value } from '@sinclair/typebox/value';
import type { Messages } from '../../page/contract/props.ts';
import type { ConfigIssue } from '../shared/errors.ts';
import { crossCheck, issueAt, localeFilePath } from './cross-checks.ts';
import type { KeyPath, LoadedConfig } from './load.ts';
import type { LocaleFile } from './locale-files.ts';
import { mergeOverrides, sharingUnchanged } from './merge.ts';
import { diskFiles, type ProjectFiles } from './project-files.ts';
import { configSchema } from './schema/index.ts';
import { describeSchemaErrors } from './schema-errors.ts';
import { validateFile, validateOverride } from './schema-validators.ts';
import type { CheckedTranslations } from './translations.ts';
import type { CampaignConfig, Config } from './types.ts';

/** A config's settings, merged and with their defaults, and its translations loaded: valid once checkConfig found no problem. */
export interface ValidConfig {
  /** Where the config is. Not its YAML document, which only locates problems: a config of thousands of campaigns holds megabytes in it. */
  loaded: Pick<LoadedConfig, 'file' | 'dir'>;
  /** The top-level settings. */
  base: CampaignConfig;
  campaigns: CampaignConfig[];
  /** Locale files by resolved path, shared by the campaigns that use them. */
  localeFiles: Map<string, LocaleFile>;
}

/**
 * What checking a config found: every problem, and the settings once they passed the schema,
 * so that the next stage (the planner) can add its own problems to these.
 */
export interface CheckResult {
  checked?: ValidConfig;
  problems: ConfigIssue[];
}

/**
 * Checks a loaded config and everything it points at (asynchronous: it reads the images'
 * headers). Reads files only through `files`. Problems come in reading order (inReadingOrder).
 */
export async function checkConfig(loaded: LoadedConfig, files: ProjectFiles = diskFiles()): Promise<CheckResult> {
  const problems: ConfigIssue[] = [];
  const report = (keyPath: KeyPath, message: string, at?: 'key') => problems.push(issueAt(loaded, keyPath, message, at));

  checkSchema(validateFile, loaded.data, [], report);
  if (problems.length) return { problems: inReadingOrder(problems) };
  const { campaigns: overrides = {}, ...topLevel } = loaded.data as Record<string, unknown> & { campaigns?: Record<string, unknown> };
  for (const [name, override] of Object.entries(overrides)) checkSchema(validateOverride, override, ['campaigns', name], report);
  if (problems.length) return { problems: inReadingOrder(problems) };

  const base: CampaignConfig = { name: null, config: withDefaults(topLevel) };
  const campaigns = Object.entries(overrides).map(([name, override]) => ({
    name,
    config: sharingUnchanged(withDefaults(mergeOverrides(topLevel, override)), base.config),
  }));
  const localeFiles = new Map<string, LocaleFile>();
  const translations: CheckedTranslations = new WeakMap();
  // One campaign after another: what they share is read once (files keeps every answer), and only one campaign's checks are in flight.
  for (const campaign of [base, ...campaigns]) problems.push(...(await crossCheck(loaded, campaign, files, localeFiles, translations)));
  return { checked: { loaded: { file: loaded.file, dir: loaded.dir }, base, campaigns, localeFiles }, problems: inReadingOrder(problems) };
}

/** The messages of `locale` for a campaign's config, as loaded by validation. */
export function messagesFor(valid: ValidConfig, config: Config, locale: string): Messages {
  const file = localeFilePath(valid.loaded.dir, config, locale);
  const localeFile = valid.localeFiles.get(file);
  if (!localeFile) throw new Error(`The translations ${file} were not loaded by validation.`);
  return localeFile.messages;
}

/** A copy of valid settings with every default the schema names filled in. */
function withDefaults(settings: unknown): Config {
  return Value.Default(configSchema, structuredClone(settings)) as Config;
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

/** Issues once each, by file (in the order files first appear), then line and column, as a reader goes through them. */
export function inReadingOrder(issues: ConfigIssue[]): ConfigIssue[] {
  const unique = dedupe(issues);
  const files = [...new Set(unique.map((issue) => issue.file))];
  return unique.sort((a, b) => files.indexOf(a.file) - files.indexOf(b.file) || a.line - b.line || a.column - b.column);
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
