// The config's errors: its problems with their positions (ConfigError), a config file that cannot be read, a campaign it does not define.
import { escapeControls } from '../text.ts';
import { define, UserError } from './user-error.ts';

/** A problem found in a config or locale file, with its position. */
export interface ConfigIssue {
  file: string;
  /** 1-based; 0 when the problem has no place in the file (e.g. a missing file). */
  line: number;
  column: number;
  /** The key path, e.g. `app.rating` or `variants[2].path`; empty for the whole file. */
  path: string;
  /** What is wrong, in one sentence without the position. */
  message: string;
}

/** Every problem of a config: ConfigError's message and hint (below), built from the issues. */
export const ConfigInvalid = {
  name: 'ConfigInvalid',
  message: (count: number) => `The config has ${count} problem${count === 1 ? '' : 's'}:`,
  hint: 'Fix them and run `store-landing validate` again; the schema is generator/config/variants.schema.json.',
};

/** How many of a config's problems are printed; a file of thousands of bad items would bury the first ones. */
export const MAX_PRINTED_ISSUES = 50;

/** Every problem of a config at once (all in `issues`; the message prints the first MAX_PRINTED_ISSUES). */
export class ConfigError extends UserError {
  static override readonly kind: string = 'ConfigError';
  readonly issues: ConfigIssue[];
  constructor(found: ConfigIssue[]) {
    // Keys and values are quoted from the config as written, and may hold control characters (a "\0" in a key).
    const issues = found.map((issue) => ({
      ...issue,
      file: escapeControls(issue.file),
      path: escapeControls(issue.path),
      message: escapeControls(issue.message),
    }));
    const printed = issues.slice(0, MAX_PRINTED_ISSUES).map(formatIssue);
    if (issues.length > MAX_PRINTED_ISSUES) printed.push(`... and ${issues.length - MAX_PRINTED_ISSUES} more`);
    super(ConfigInvalid.name, ConfigInvalid.message(issues.length) + '\n' + printed.join('\n'), ConfigInvalid.hint);
    this.issues = issues;
  }
}

/** `file:line:column path: message`, the form editors and CI logs link. */
export function formatIssue(issue: ConfigIssue): string {
  const position = issue.line > 0 ? `${issue.file}:${issue.line}:${issue.column}` : issue.file;
  return `${position} ${issue.path ? issue.path + ': ' : ''}${issue.message}`;
}

export const ConfigNotFound = define({
  name: 'ConfigNotFound',
  message: (file: string) => `Cannot read the config file ${file}: it does not exist.`,
  hint: 'Pass the path with -c FILE, or run the command where variants.yaml is.',
});

export const ConfigUnreadable = define({
  name: 'ConfigUnreadable',
  message: (file: string, reason: string) => `Cannot read the config file ${file}: ${reason}.`,
  hint: 'Pass the path of the YAML file with -c FILE.',
});

export const CampaignNotFound = define({
  name: 'CampaignNotFound',
  message: (name: string, known: string[]) =>
    `There is no campaign "${name}" in the config. ${known.length ? `Campaigns: ${known.join(', ')}.` : 'It defines no campaigns.'}`,
  hint: 'Use a name from the `campaigns` section, or leave out --campaign to build the top-level settings.',
});

export const CampaignsMissing = define({
  name: 'CampaignsMissing',
  message: () => '--all builds one folder per campaign, but the config defines no campaigns.',
  hint: 'Add a `campaigns` section, or build without --all.',
});
