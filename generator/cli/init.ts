// `store-landing init [DIR]`: a new project the team owns, from flags only (it never asks, so it runs in CI).
import { InvalidArgumentError, type Command } from 'commander';
import path from 'node:path';
import { printJson, stdout } from './output.ts';

/** `en,ja` as language tags Intl accepts, in canonical form. */
function parseLocales(value: string): string[] {
  const tags = value.split(',').map((tag) => tag.trim());
  for (const tag of tags) {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(tag)[0];
    } catch {
      canonical = undefined;
    }
    if (canonical !== tag) throw new InvalidArgumentError(`expected language tags such as en,ja,pt-BR, found "${tag}".`);
  }
  if (new Set(tags).size !== tags.length) throw new InvalidArgumentError(`expected each language once, found "${value}".`);
  return tags;
}

/** `/,/sleep` as routes: `/` or `/[a-z0-9-]+`, each once. */
function parseRoutes(value: string): string[] {
  const routes = value.split(',').map((route) => route.trim());
  for (const route of routes)
    if (!/^\/([a-z0-9-]+)?$/.test(route) || route === '/default')
      throw new InvalidArgumentError(`expected routes such as /,/sleep (each / or /[a-z0-9-]+), found "${route}".`);
  if (new Set(routes).size !== routes.length) throw new InvalidArgumentError(`expected each route once, found "${value}".`);
  return routes;
}

/** Adds `init` to the program. */
export function addInitCommand(program: Command): void {
  program
    .command('init')
    .description('write a new project: package.json, variants.yaml, locale files, placeholder images, .gitignore, the CI workflow')
    .argument('[dir]', 'the folder of the new project (created when missing; must be empty)', '.')
    .option('--name <name>', "the app's name, as the page shows it", 'My App')
    .option('--locales <tags>', 'the languages, comma-separated; the first is the default', parseLocales, ['en'])
    .option('--routes <paths>', 'the pages, comma-separated: / or /[a-z0-9-]+', parseRoutes, ['/'])
    .option('--app-id <id>', "the app's App Store id, noted in variants.yaml for store-facts")
    .option('--json', 'print what was written as JSON, and nothing else')
    .action(async (dir: string, options: { name: string; locales: string[]; routes: string[]; appId?: string; json?: boolean }) => {
      const { initProject } = await import('../init/index.ts');
      const result = await initProject(dir, { name: options.name, locales: options.locales, routes: options.routes, appId: options.appId });
      if (options.json) {
        printJson({ ok: true, dir: result.dir, written: result.written, kept: result.kept });
        return;
      }
      const shown = path.relative(process.cwd(), result.dir) || '.';
      stdout.line(
        `${stdout.paint('green', '✓')} wrote ${result.written.length} files into ${shown}${result.kept.length ? ` (kept ${result.kept.length} that were there)` : ''}.`,
      );
      stdout.line(`Next: cd ${shown} && npm install && npx store-landing dev`);
    });
}
