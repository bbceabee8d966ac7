// `store-landing validate`: the schema, every cross-check and the page plan, and nothing else.
import type { Command } from 'commander';
import { printJson, stdout } from './output.ts';

/** Adds `validate` to the program. */
export function addValidateCommand(program: Command): void {
  program
    .command('validate')
    .description('check the config and its translations and images, and build nothing')
    .option('-c, --config <file>', 'the YAML config', 'variants.yaml')
    .option('--json', 'print the result (or every problem) as JSON, and nothing else')
    .action(async (options: { config: string; json?: boolean }) => {
      const [{ loadConfig }, { validateSite }] = await Promise.all([import('../config/load.ts'), import('../pipeline/check.ts')]);
      const valid = await validateSite(await loadConfig(options.config));
      const plans = [valid.site.base, ...valid.site.campaigns];
      const pages = plans.reduce((total, plan) => total + plan.pages.length, 0);
      const summary = { ok: true, valid: true, config: options.config, campaigns: valid.campaigns.map((campaign) => campaign.name), pages };
      if (options.json) printJson(summary);
      else
        stdout.line(
          `${stdout.paint('green', '✓')} ${options.config} is valid: ${plans.length} page set${plans.length === 1 ? '' : 's'}, ${pages} pages.`,
        );
    });
}
