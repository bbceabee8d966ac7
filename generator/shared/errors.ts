// The one catalogue of errors store-landing reports to its users; names never change.

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

interface ErrorData<Args extends unknown[]> {
  name: string;
  message: (...args: Args) => string;
  hint?: string;
}

/** An error meant for the user: printed without a stack, exit code 1. */
export class UserError extends Error {
  readonly hint: string | undefined;
  constructor(name: string, message: string, hint?: string) {
    super(message);
    this.name = name;
    this.hint = hint;
  }
}

/** How many of a config's problems are printed; a file of thousands of bad items would bury the first ones. */
export const MAX_PRINTED_ISSUES = 50;

/** Every problem of a config at once (all in `issues`; the message prints the first MAX_PRINTED_ISSUES). */
export class ConfigError extends UserError {
  readonly issues: ConfigIssue[];
  constructor(issues: ConfigIssue[]) {
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

function define<Args extends unknown[]>(data: ErrorData<Args>) {
  return {
    ...data,
    /** Builds the error to throw. */
    create: (...args: Args) => new UserError(data.name, data.message(...args), data.hint),
  };
}

export const ConfigInvalid = {
  name: 'ConfigInvalid',
  message: (count: number) => `The config has ${count} problem${count === 1 ? '' : 's'}:`,
  hint: 'Fix them and run `store-landing validate` again; the schema is generator/config/variants.schema.json.',
};

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

export const InvalidShard = define({
  name: 'InvalidShard',
  message: (value: string) => `--shard must be I/N with 1 <= I <= N, found "${value}".`,
});

export const OutputInsideSource = define({
  name: 'OutputInsideSource',
  message: (dir: string) => `Refusing to write the build to ${dir}: it is the project folder or contains it.`,
  hint: 'Pick a dedicated output folder such as out/: the build replaces it whole.',
});

export const OutputNotBuild = define({
  name: 'OutputNotBuild',
  message: (dir: string) =>
    `Refusing to replace ${dir}: it is not empty and holds no manifest.json of an earlier build.`,
  hint: 'The build replaces its output folder whole; choose an empty or new folder.',
});

export const RenderFailed = define({
  name: 'RenderFailed',
  message: (page: string, reason: string) => `Rendering ${page} failed: ${reason}`,
  hint: 'Run again with --debug for the stack trace.',
});

export const ImageUnreadable = define({
  name: 'ImageUnreadable',
  message: (file: string, reason: string) => `Cannot read the image ${file}: ${reason}.`,
  hint: 'Images must be PNG, JPEG, WebP or SVG files; re-export it, or point the config at another file.',
});

export const BuildNotFound = define({
  name: 'BuildNotFound',
  message: (dir: string) => `There is no build in ${dir}: it holds no manifest.json.`,
  hint: 'Pass a folder written by `store-landing build`, or leave out --build to build the config.',
});

export const ScreenshotsNeedOneCampaign = define({
  name: 'ScreenshotsNeedOneCampaign',
  message: (dir: string) => `${dir} is a build of several campaigns (--all); screenshots compares one campaign's pages.`,
  hint: 'Pass one campaign folder inside it, e.g. --build out/<campaign>.',
});

export const BaselinesMissing = define({
  name: 'BaselinesMissing',
  message: (dir: string, names: string[]) =>
    `${names.length} screenshot baseline${names.length === 1 ? ' is' : 's are'} missing from ${dir}: ${names.slice(0, 5).join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''}.`,
  hint: 'Run `store-landing screenshots --update` to capture them, look at them, and commit them.',
});

export const ScreenshotsChanged = define({
  name: 'ScreenshotsChanged',
  message: (changed: string[], threshold: number, report: string) =>
    `${changed.length} screenshot${changed.length === 1 ? '' : 's'} differ from the baselines by more than ${threshold} % of their pixels: ${changed.join(', ')}. Report: ${report}`,
  hint: 'Open the report; if the change is intended, run `store-landing screenshots --update` and commit the new baselines.',
});

export const ReportDirNotOurs = define({
  name: 'ReportDirNotOurs',
  message: (dir: string) => `Refusing to empty ${dir} for the screenshot report: it holds files but no report.html of an earlier run.`,
  hint: 'Pass an empty or new folder with -o.',
});

export const ChromiumMissing = define({
  name: 'ChromiumMissing',
  message: (file: string) => `Cannot find Chromium at ${file}.`,
  hint: 'Install it (Debian: apt-get install -y chromium) or set PUPPETEER_EXECUTABLE_PATH to a Chrome or Chromium binary.',
});

export const ServeDirMissing = define({
  name: 'ServeDirMissing',
  message: (dir: string) => `There is no build to serve in ${dir}.`,
  hint: 'Run `store-landing build` first, or pass the build folder: `store-landing serve out`.',
});
