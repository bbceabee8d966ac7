// The errors of `store-landing screenshots`: what to capture, the baselines and their comparison, the merge of sharded reports, Chromium.
import { define, defineWithHint } from './user-error.ts';

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
 * baselines, made of the user's own flags; `cause.imagesOnly`: every changed shot differs inside its
 * images only (results.ts, differsInImagesOnly); `cause.environment`: how the baselines'
 * environment differs from this one (environment.ts), empty when it does not.
 */
export const ScreenshotsChanged = defineWithHint({
  name: 'ScreenshotsChanged',
  message: (changed: string[], missing: string[], report: string, _updateCommand: string, _cause: ChangeCause) =>
    `${changed.length} screenshot${changed.length === 1 ? ' differs' : 's differ'} from the baselines: ${listSome(changed)}.` +
    `${missing.length ? ` ${missing.length} ${missing.length === 1 ? 'has' : 'have'} no baseline: ${listSome(missing)}.` : ''} Report: ${report}`,
  hint: (_changed: string[], _missing: string[], _report: string, updateCommand: string, cause: ChangeCause) =>
    (cause.environment.length
      ? `The baselines were made in another environment (${cause.environment.join('; ')}): that is the likely cause. ` +
        "Capture in the baselines' environment (the container of .ci/Dockerfile, docs/screenshots.md), or approve the captures of the run that made them " +
        'with `npx store-landing screenshots --approve REPORT_DIR`. '
      : '') +
    (cause.imagesOnly
      ? 'Every difference is inside an image; the text and layout around them match. If no image changed, this machine draws ' +
        'images unlike the one that made the baselines: re-make them on the machine that runs the check (docs/screenshots.md, "When the check fails"). '
      : '') +
    `Open the report; if the change is intended, run \`${updateCommand}\` (it writes only the missing and the changed baselines; --only GLOB approves some of them) and commit them.`,
});

/** What ScreenshotsChanged's hint names as a likely cause. */
export interface ChangeCause {
  imagesOnly: boolean;
  environment: string[];
}

/** `differences`: one sentence each (screenshots/environment.ts). Only a partial approval (--only) refuses another environment. */
export const ScreenshotEnvironmentMismatch = defineWithHint({
  name: 'ScreenshotEnvironmentMismatch',
  message: (dir: string, differences: string[], _report: string, _updateCommand: string) =>
    `Wrote no baseline: the baselines in ${dir} were made in another environment, and approving only some screenshots (--only) would leave baselines of two environments in one folder:\n${differences.map((line) => `  - ${line}`).join('\n')}`,
  hint: (_dir: string, _differences: string[], report: string, updateCommand: string) =>
    "Approve them in the baselines' environment (the container of .ci/Dockerfile; docs/screenshots.md), or from a report made there (--approve REPORT_DIR --only GLOB). " +
    `If this environment is to be the new reference, re-make every baseline here: \`${updateCommand.replace(/ --only ('[^']*'|\S+)/, '')}\`. Report: ${report}`,
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

/** `stale`: the baselines --prune would have removed. */
export const BaselinesNotOwned = defineWithHint({
  name: 'BaselinesNotOwned',
  message: (dir: string, stale: string[]) =>
    `Refusing to prune ${dir}: it holds no .store-landing-baselines file, so it may not be a folder of baselines only. ${stale.length} stale: ${listSome(stale)}.`,
  hint: (dir: string, _stale: string[]) =>
    `If every PNG in ${dir} is a screenshot baseline, mark it as the tool's: \`printf 'store-landing-baselines 1\\n' > ${dir}/.store-landing-baselines\` (commit it), then run --prune again; or remove the stale files yourself.`,
});

export const PruneWithoutUpdate = define({
  name: 'PruneWithoutUpdate',
  message: () => '--prune removes the stale baselines as part of --update or --approve, and neither is given.',
  hint: 'Add --update (or --approve REPORT_DIR); a plain check lists the stale baselines as a note.',
});

export const ApproveWithUpdate = define({
  name: 'ApproveWithUpdate',
  message: () => '--approve takes its captures from a report, --update captures here: give one of them.',
  hint: "Approve CI's report with --approve REPORT_DIR [--only GLOB], or capture and write here with --update.",
});

/** `reason`: what the report lacks or records otherwise (screenshots/approve.ts). */
export const ApproveReportMismatch = define({
  name: 'ApproveReportMismatch',
  message: (dir: string, reason: string) => `Refusing to approve the captures of ${dir}: ${reason}.`,
  hint: 'Approve a report of a run of this very config and store-landing version (download the report of the CI run of this commit), or run the check again.',
});

/** Up to five names, and how many more. */
function listSome(names: string[]): string {
  return `${names.slice(0, 5).join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''}`;
}
