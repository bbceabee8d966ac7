// `store-landing store-facts`: the config's listing facts beside the App Store's lookup data; --write updates
// variants.yaml in place, --check fails on drift.
import type { Command } from 'commander';
import { printJson, stdout } from './output.ts';
import { AppIdMissing, InvalidArguments } from '../shared/errors.ts';

interface StoreFactsOptions {
  appId?: string;
  country: string;
  lookupUrl?: string;
  timeout: string;
  write?: boolean;
  check?: boolean;
  config: string;
  json?: boolean;
}

/** Adds `store-facts` to the program. */
export function addStoreFactsCommand(program: Command): void {
  program
    .command('store-facts')
    .description("compare the config's listing facts with the App Store's lookup data")
    .option('--app-id <id>', "the app's App Store id (default: app.appStoreId of the config)")
    .option('--country <cc>', 'the storefront, a two-letter country code (an app not sold in the US needs its own)', 'us')
    .option('--lookup-url <url>', 'the lookup service (a mirror, a fake in tests)')
    .option('--timeout <seconds>', 'how long to wait for the lookup', '10')
    .option('--write', 'set the drifted facts in the config, keeping its comments and layout')
    .option('--check', 'exit 1 when a fact drifted (for CI)')
    .option('-c, --config <file>', 'the YAML config', 'variants.yaml')
    .option('--json', 'print the comparison (or the failure) as JSON, and nothing else')
    .action(async (options: StoreFactsOptions) => {
      if (options.write && options.check) throw InvalidArguments.create('--write and --check do not go together');
      if (!/^[a-z]{2}$/i.test(options.country))
        throw InvalidArguments.create(`--country must be a two-letter country code, found "${options.country}"`);
      const timeout = Number(options.timeout);
      if (!(timeout > 0 && timeout <= 600))
        throw InvalidArguments.create(`--timeout must be seconds between 0 and 600, found "${options.timeout}"`);
      const [{ loadConfig }, { lookUpFacts }, { compareFacts }, { writeFacts }] = await Promise.all([
        import('../config/load.ts'),
        import('../store-facts/lookup.ts'),
        import('../store-facts/compare.ts'),
        import('../store-facts/write.ts'),
      ]);
      const loaded = await loadConfig(options.config);
      const app = ((loaded.data as { app?: unknown })?.app ?? {}) as Record<string, unknown>;
      const appId = options.appId ?? (typeof app.appStoreId === 'string' ? app.appStoreId : undefined);
      if (!appId) throw AppIdMissing.create();
      if (!/^[0-9]{1,12}$/.test(appId)) throw InvalidArguments.create(`--app-id must be the App Store's numeric id, found "${appId}"`);
      const store = await lookUpFacts({ appId, country: options.country, lookupUrl: options.lookupUrl, timeoutMs: timeout * 1000 });
      const rows = compareFacts(app, store);
      const drifted = rows.filter((row) => !row.agrees);
      const written = options.write && drifted.length > 0 ? await writeFacts(loaded.file, rows) : false;
      if (options.check && drifted.length > 0) process.exitCode = 1;
      if (options.json) {
        printJson({
          ok: !(options.check && drifted.length > 0),
          appId,
          country: options.country.toLowerCase(),
          app: store.trackName,
          facts: rows,
          drifted: drifted.length,
          written,
        });
        return;
      }
      printTable(rows, store.trackName, options.country);
      if (written) stdout.line(`Wrote ${drifted.filter((row) => row.config !== undefined).length} fact(s) into ${options.config}.`);
      else if (drifted.length > 0 && !options.write)
        stdout.line(`${drifted.length} fact(s) differ. The store's data can lag a day; --write sets them in ${options.config}.`);
    });
}

/** The facts side by side, for people. */
function printTable(
  rows: Array<{ fact: string; config: unknown; store: unknown; agrees: boolean; tolerance: string }>,
  name: string,
  country: string,
) {
  stdout.line(`${name} in the ${country.toUpperCase()} App Store:`);
  const cells = rows.map((row) => [row.fact, row.config === undefined ? '—' : String(row.config), String(row.store), row.tolerance]);
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(['fact', 'config', 'App Store', 'tolerance'][i]!.length, ...cells.map((cell) => cell[i]!.length)),
  );
  const line = (cell: string[]) => cell.map((text, i) => text.padEnd(widths[i]!)).join('  ');
  stdout.line(`  ${line(['fact', 'config', 'App Store', 'tolerance'])}`);
  rows.forEach((row, i) => {
    const mark = row.agrees ? stdout.paint('green', '✓') : stdout.paint('red', '✗');
    stdout.line(`${mark} ${line(cells[i]!)}`);
  });
}
