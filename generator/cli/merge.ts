// `store-landing merge`: joins the outputs of `build --all --shard I/N` into one site, as one `build --all` writes it.
import type { Command } from 'commander';
import path from 'node:path';
import { endOnSignals } from '../shared/exit-cleanup.ts';
import { printJson, stdout } from './output.ts';

/** Adds `merge` to the program. */
export function addMergeCommand(program: Command): void {
  program
    .command('merge')
    .description('join the outputs of `build --all --shard I/N` (every I of one N) into the site `build --all` writes')
    .argument('<dirs...>', "the shards' output folders")
    .requiredOption('-o, --out <dir>', 'the merged site (replaced whole)')
    .option('--json', 'print the result as JSON, and nothing else')
    .action(async (dirs: string[], options: { out: string; json?: boolean }) => {
      const { mergeShards } = await import('../merge/index.ts');
      // Ctrl+C stops the merge at once; the output stays as it was (write.ts).
      endOnSignals();
      const result = await mergeShards(dirs, options.out);
      if (options.json) printJson({ ok: true, ...result });
      else
        stdout.line(
          `${stdout.paint('green', '✓')} Merged ${result.shards} shards: ${result.campaigns} campaigns, ${result.pages} pages into ${path.resolve(result.outDir)}`,
        );
    });
}
