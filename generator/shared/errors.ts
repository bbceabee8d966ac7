// The one catalogue of errors store-landing reports to its users; names never change.
import { define, defineWithHint } from './user-error.ts';

export * from './user-error.ts';

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

/** `what` names a command's output in the messages below: "the build", "the screenshot report". */
const DEDICATED_FOLDER = 'Pick a dedicated folder with -o (such as out/ for a build): the command empties or replaces it whole.';

export const OutputInsideSource = define({
  name: 'OutputInsideSource',
  message: (dir: string, what = 'the build') => `Refusing to write ${what} to ${dir}: it is the project folder or contains it.`,
  hint: DEDICATED_FOLDER,
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

/** `reason`: checkImage's problem (shared/image-limits.ts), which `validate` reports at the YAML line. */
export const ImageRefused = define({
  name: 'ImageRefused',
  message: (file: string, reason: string) => `Refusing the image ${file}: ${reason}.`,
  hint: 'Run `store-landing validate` to see which line of the config names it.',
});

export const BuildNotFound = define({
  name: 'BuildNotFound',
  message: (dir: string) => `There is no build in ${dir}: it holds no manifest.json.`,
  hint: 'Pass a folder written by `store-landing build`, or leave out --build to build the config.',
});

export const ScreenshotsNeedOneCampaign = define({
  name: 'ScreenshotsNeedOneCampaign',
  message: (dir: string) => `${dir} is a build of several campaigns (--all); --build takes one campaign's pages.`,
  hint: 'Check the whole site with --site DIR (every campaign, baselines per campaign), or pass one campaign folder inside it with --build.',
});

/** `updateCommand`: the command line that writes these baselines, made of the user's own flags (screenshots/command-line.ts). */
export const BaselinesMissing = defineWithHint({
  name: 'BaselinesMissing',
  message: (dir: string, names: string[], _updateCommand: string) =>
    `${names.length} screenshot baseline${names.length === 1 ? ' is' : 's are'} missing from ${dir}: ${listSome(names)}. Every other screenshot matches its baseline.`,
  hint: (_dir: string, _names: string[], updateCommand: string) =>
    `Look at their captures in the report; run \`${updateCommand}\` to write them (add --only GLOB to write some), and commit them.`,
});

/**
 * `changed`: each name with where it changed; `updateCommand`: the command line that rewrites the
 * baselines, made of the user's own flags; `imagesOnly`: every changed shot differs inside its
 * images only (results.ts, differsInImagesOnly).
 */
export const ScreenshotsChanged = defineWithHint({
  name: 'ScreenshotsChanged',
  message: (changed: string[], missing: string[], report: string, _updateCommand: string, _imagesOnly: boolean) =>
    `${changed.length} screenshot${changed.length === 1 ? ' differs' : 's differ'} from the baselines: ${listSome(changed)}.` +
    `${missing.length ? ` ${missing.length} ${missing.length === 1 ? 'has' : 'have'} no baseline: ${listSome(missing)}.` : ''} Report: ${report}`,
  hint: (_changed: string[], _missing: string[], _report: string, updateCommand: string, imagesOnly: boolean) =>
    (imagesOnly
      ? 'Every difference is inside an image; the text and layout around them match. If no image changed, this machine draws ' +
        'images unlike the one that made the baselines: re-make them on the machine that runs the check (docs/screenshots.md, "When the check fails"). '
      : '') +
    `Open the report; if the change is intended, run \`${updateCommand}\` (it writes only the missing and the changed baselines; --only GLOB approves some of them) and commit them.`,
});

/** `differences`: one sentence each (screenshots/environment.ts). */
export const ScreenshotEnvironmentMismatch = defineWithHint({
  name: 'ScreenshotEnvironmentMismatch',
  message: (dir: string, differences: string[], _report: string, _updateCommand: string) =>
    `The baselines in ${dir} were made in another environment, so their pixels cannot be compared with these captures:\n${differences.map((line) => `  - ${line}`).join('\n')}`,
  hint: (_dir: string, _differences: string[], report: string, updateCommand: string) =>
    'Capture in the environment the baselines were made in: the pinned container (.ci/Dockerfile; docs/screenshots.md). ' +
    `If this environment is to be the new reference, re-make every baseline here with \`${updateCommand}\`. ` +
    `To compare the pixels anyway, add --ignore-environment. Report: ${report}`,
});

/** `locales`: each locale with the characters its pages lack, as [locale, characters]. */
export const GlyphsMissing = defineWithHint({
  name: 'GlyphsMissing',
  message: (locales: Array<[string, string]>, names: string[], _packages: string[]) =>
    `${names.length} screenshot${names.length === 1 ? ' shows' : 's show'} text no installed font has (drawn as empty boxes), so ${names.length === 1 ? 'it was' : 'they were'} neither compared nor written: ` +
    `${locales
      .map(
        ([locale, characters]) =>
          `the ${locale} pages lack ${[...characters]
            .map((c) => `${c} U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
            .slice(0, 8)
            .join(', ')}${[...characters].length > 8 ? `, and ${[...characters].length - 8} more` : ''}`,
      )
      .join('; ')} (${listSome(names)}).`,
  hint: (_locales: Array<[string, string]>, _names: string[], packages: string[]) =>
    `Install a font for them (Debian: apt-get install -y ${packages.join(' ')}), or capture in the pinned container (.ci/Dockerfile), which has the fonts the baselines were made with.`,
});

export const OnlyWithoutUpdate = define({
  name: 'OnlyWithoutUpdate',
  message: (glob: string) => `--only ${glob} chooses which baselines --update writes, but --update is not given.`,
  hint: 'Add --update to approve the screenshots matching the glob, or leave out --only.',
});

export const ScreenshotSourceConflict = define({
  name: 'ScreenshotSourceConflict',
  message: () => '--build and --site both name what to capture.',
  hint: 'Give --site DIR for a `build --all` or merged site, or --build DIR for one campaign, not both.',
});

export const ScreenshotsNeedSite = define({
  name: 'ScreenshotsNeedSite',
  message: (dir: string) => `${dir} is the build of one campaign; --site takes a \`build --all\` or merged site.`,
  hint: 'Pass it with --build instead.',
});

export const ScreenshotReportNotFound = define({
  name: 'ScreenshotReportNotFound',
  message: (dir: string) => `Cannot merge ${dir}: it holds no results.json of a \`store-landing screenshots\` run.`,
  hint: 'Pass the report folders (-o) of `store-landing screenshots --shard I/N`, for every I of one N.',
});

export const ScreenshotReportsMismatched = define({
  name: 'ScreenshotReportsMismatched',
  message: (dir: string, reason: string) => `Cannot merge ${dir}: ${reason}.`,
  hint: 'Merge the reports of one check: the same build, baselines and budgets, split by --shard I/N.',
});

export const ScreenshotShardsIncomplete = define({
  name: 'ScreenshotShardsIncomplete',
  message: (count: number, missing: number[], twice: number[]) =>
    `Cannot merge the screenshot reports: they are not shards 1 to ${count} once each${missing.length ? `; missing ${missing.join(', ')}` : ''}${twice.length ? `; given twice ${twice.join(', ')}` : ''}.`,
  hint: 'Pass the report folder of every shard of the check, each once.',
});

export const ScreenshotMergeIntoInput = define({
  name: 'ScreenshotMergeIntoInput',
  message: (dir: string) => `Refusing to merge into ${dir}: it is one of the report folders being merged.`,
  hint: 'Pass a new folder for the merged report with -o.',
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

export const PortInUse = define({
  name: 'PortInUse',
  message: (host: string, port: number) => `Cannot listen on ${host}:${port}: another program is using the port.`,
  hint: 'Stop that program, pick another port with -p PORT, or pass -p 0 for any free port.',
});

export const PortNotPermitted = define({
  name: 'PortNotPermitted',
  message: (host: string, port: number) => `Cannot listen on ${host}:${port}: permission denied.`,
  hint: 'Ports below 1024 need special rights; pick a port from 1024 up with -p PORT.',
});

export const HostUnavailable = define({
  name: 'HostUnavailable',
  message: (host: string) => `Cannot listen on ${host}: this machine has no such address.`,
  hint: 'Pass an address of this machine with --host, e.g. 127.0.0.1 or 0.0.0.0.',
});

export const InvalidArguments = define({
  name: 'InvalidArguments',
  message: (reason: string) => `${reason}.`.replace(/\.\.$/, '.'),
  hint: 'Run `store-landing --help` (or `store-landing <command> --help`) for usage.',
});

export const PackagesMissing = define({
  name: 'PackagesMissing',
  message: (command: string, specs: string[]) =>
    `\`store-landing ${command}\` needs ${specs.map((spec) => spec.replace(/(.)@.*$/, '$1')).join(' and ')}, which ${specs.length === 1 ? 'is' : 'are'} not installed. Install with: npm install --save-dev ${specs.join(' ')}`,
  hint: 'They are optional peer dependencies: building, validating, serving and dev never load them, so a plain install leaves them out.',
});

export const ShardsMismatched = define({
  name: 'ShardsMismatched',
  message: (dir: string, reason: string) => `Cannot merge ${dir}: ${reason}.`,
  hint: 'Pass the output folders of `store-landing build --all --shard I/N` for every I of one N.',
});

export const ShardsDiffer = define({
  name: 'ShardsDiffer',
  message: (dir: string, reason: string) => `Cannot merge ${dir}: ${reason}.`,
  hint: 'Build every shard from one config with one store-landing version: after a change, build all the shards again, then merge.',
});

export const ShardsIncomplete = define({
  name: 'ShardsIncomplete',
  message: (count: number, missing: number[], twice: number[]) =>
    `Cannot merge: the shards are not 1 to ${count} once each${missing.length ? `; missing ${missing.join(', ')}` : ''}${twice.length ? `; given twice ${twice.join(', ')}` : ''}.`,
  hint: 'Pass the output folder of every shard of the build, each once.',
});

const NOT_OWNED = {
  message: (dir: string, what: string, entry: string, marker: string) =>
    `Refusing to write ${what} to ${dir}: it holds ${entry} and no ${marker} marker, so store-landing did not write it.`,
  hint: 'Pass an empty or new folder with -o, or one this command wrote before (it leaves its marker there). Nothing was changed.',
};

/** A build's or merge's output folder holds what no build wrote. */
export const OutputNotOwned = define({ name: 'OutputNotOwned', ...NOT_OWNED });

/** A screenshot report folder holds what no screenshot run wrote. */
export const ReportDirNotOurs = define({ name: 'ReportDirNotOurs', ...NOT_OWNED });

export const OutputProtected = define({
  name: 'OutputProtected',
  message: (dir: string, what: string, reason: string) => `Refusing to write ${what} to ${dir}: it is ${reason}.`,
  hint: DEDICATED_FOLDER,
});

export const OutputLinkBroken = define({
  name: 'OutputLinkBroken',
  message: (link: string, what = 'the build') => `Cannot write ${what} to ${link}: it is a symbolic link to a folder that does not exist.`,
  hint: 'Create the folder the link points to (the output then goes there and the link stays), or remove the link.',
});

export const OutputNotFolder = define({
  name: 'OutputNotFolder',
  message: (dir: string, blocker: string, what = 'the build') =>
    blocker === dir
      ? `Cannot write ${what} to ${dir}: it is a file, not a folder.`
      : `Cannot write ${what} to ${dir}: ${blocker} is a file, not a folder.`,
  hint: 'Pass a folder with -o (it is created if missing), or move the file away.',
});

export const OutputNotWritable = define({
  name: 'OutputNotWritable',
  message: (dir: string, reason: string) => `Cannot write the build to ${dir}: ${reason}.`,
  hint: 'Check the permissions of that folder (and that its disk is not mounted read-only), or pass another folder with -o.',
});

export const OutputDiskFull = define({
  name: 'OutputDiskFull',
  message: (dir: string, free: string) => `Cannot write the build to ${dir}: the disk is full (${free}).`,
  hint: 'Free some space (the build needs room for the new output beside the old one), or pass a folder on another disk with -o.',
});

export const OutputBusy = define({
  name: 'OutputBusy',
  message: (dir: string, reason: string) => `Cannot replace ${dir}: ${reason}.`,
  hint: 'The build swaps its output folder in by renaming it: pass a folder inside the mount (e.g. -o volume/site), or stop the program that holds it.',
});

export const OutputLocked = define({
  name: 'OutputLocked',
  message: (lock: string, owner: string) => `Another build is writing this output: ${lock} is held by ${owner}, which is still running.`,
  hint: 'Wait for that build to finish, or stop it; a lock whose owner died is taken over within seconds.',
});

export const BuildUnavailable = define({
  name: 'BuildUnavailable',
  message: (dir: string) =>
    `There is no build to serve in ${dir} right now: the folder or its manifest.json is missing, or a rebuild is replacing it.`,
  hint: 'Run `store-landing build`; this server serves the new build as soon as it is there, without a restart.',
});

/** Up to five names, and how many more. */
function listSome(names: string[]): string {
  return `${names.slice(0, 5).join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''}`;
}
