// `store-landing validate`: the schema and every cross-check, and nothing else.
import type { Command } from 'commander';
import { loadConfig } from '../config/load.ts';
import { validateConfig } from '../config/validate.ts';
import { paint } from './output.ts';

export function addValidateCommand(program: Command): void {
  program
    .command('validate')
    .description('check the config and its translations and images, and build nothing')
    .option('-c, --config <file>', 'the YAML config', 'variants.yaml')
    .option('--json', 'print the result as JSON')
    .action(async (options: { config: string; json?: boolean }) => {
      const valid = validateConfig(await loadConfig(options.config));
      const plans = [valid.site.base, ...valid.site.campaigns];
      const pages = plans.reduce((total, plan) => total + plan.pages.length, 0);
      const summary = { valid: true, config: options.config, campaigns: valid.campaigns.map((campaign) => campaign.name), pages };
      console.log(
        options.json
          ? JSON.stringify(summary, null, 2)
          : `${paint('green', '✓')} ${options.config} is valid: ${plans.length} page set${plans.length === 1 ? '' : 's'}, ${pages} pages.`,
      );
    });
}
