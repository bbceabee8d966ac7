// `store-landing build`: validates, bundles, renders and writes the pages, then prints what was written.
import { Option, type Command } from 'commander';
import path from 'node:path';
import { buildSite, type BuildResult } from '../build/index.ts';
import { UserError } from '../shared/errors.ts';
import { parseShard } from './options.ts';
import { paint } from './output.ts';

export function addBuildCommand(program: Command): void {
  program
    .command('build')
    .description('validate the config, bundle the runtime and pre-render every route and locale')
    .option('-c, --config <file>', 'the YAML config', 'variants.yaml')
    .option('-o, --out <dir>', 'the output folder (replaced whole)', 'out')
    .addOption(new Option('--campaign <name>', 'build one campaign of the config').conflicts('all'))
    .option('--all', 'build every campaign, one folder each')
    .addOption(new Option('--shard <i/n>', 'with --all: build only shard i of n').argParser(parseShard))
    .option('--json', 'print the result as JSON')
    .action(async (options: { config: string; out: string; campaign?: string; all?: boolean; shard?: { index: number; count: number }; json?: boolean }) => {
      if (options.shard && !options.all) throw new UserError('ShardWithoutAll', '--shard goes with --all.');
      const result = await buildSite({ config: options.config, outDir: options.out, campaign: options.campaign, all: options.all, shard: options.shard });
      console.log(options.json ? JSON.stringify(result, null, 2) : formatBuild(result));
    });
}

function formatBuild(result: BuildResult): string {
  const kb = (result.bytes / 1024).toFixed(1);
  const folders = result.campaigns.map((campaign) => `  ${path.join(result.outDir, campaign.dir)}/  ${campaign.pages} pages${campaign.name ? `  (${campaign.name}, ${campaign.basePath})` : ''}`);
  const images = `images: ${result.images.encoded} encoded, ${result.images.cached} from the cache`;
  return [`${paint('green', '✓')} Built ${result.pages} pages, ${kb} KB, in ${result.milliseconds} ms (${images})`, ...folders].join('\n');
}
