// `store-landing screenshots-merge`: joins the report folders of `screenshots --shard I/N` into one
// report.html and junit.xml; exit 1 when any shot failed.
import type { Command } from 'commander';
import { finishScreenshots } from './screenshots.ts';

/** Adds `screenshots-merge` to the program. */
export function addScreenshotsMergeCommand(program: Command): void {
  program
    .command('screenshots-merge')
    .description('join the report folders of `screenshots --shard I/N` (every I of one N) into one report.html and junit.xml')
    .argument('<dirs...>', "the shards' report folders (their -o)")
    .requiredOption('-o, --out <dir>', 'the merged report folder (replaced whole)')
    .option('--json', 'print the merged result (or the failure) as JSON, and nothing else')
    .action(async (dirs: string[], flags: { out: string; json?: boolean }) => {
      // Loaded on use, as the other commands do; merging needs neither Puppeteer nor pixelmatch.
      const { mergeReports } = await import('../screenshots/merge.ts');
      const { reportFailure } = await import('../screenshots/results.ts');
      const merged = await mergeReports(dirs, flags.out);
      finishScreenshots(merged, reportFailure(merged, merged.report), flags.json);
    });
}
