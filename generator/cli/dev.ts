// `store-landing dev`: serve plus watch, rebuild, live reload and an error overlay; this file prints what
// happens, for people or as JSON lines.
import type { Command } from 'commander';
import path from 'node:path';
import type { DevEvent, DevServer } from '../dev/index.ts';
import { UserError } from '../shared/errors.ts';
import { endBySignal } from '../shared/exit-cleanup.ts';
import { listenError } from './listen.ts';
import { addListenOptions } from './options.ts';
import { printJson, stderr, stdout } from './output.ts';
import { progressLine } from './progress.ts';
import { failureJson, printUserError } from './report.ts';
import { formatBytes } from './summary.ts';

interface DevFlags {
  config: string;
  port: number;
  host: string;
  allowedHost?: string[];
  campaign?: string;
  json?: boolean;
}

/** Adds `dev` to the program. */
export function addDevCommand(program: Command): void {
  const command = program
    .command('dev')
    .description(
      'build, serve and rebuild on every change to the config, locales, images or the page code; open pages reload by themselves',
    )
    .option('-c, --config <file>', 'the YAML config', 'variants.yaml');
  addListenOptions(command)
    .option('--campaign <name>', 'serve one campaign of the config instead of the top level')
    .option('--json', 'print one JSON object per line for each event (ready, rebuilt, failed), and nothing else')
    .action(runDev);
}

async function runDev(flags: DevFlags): Promise<void> {
  const { startDev } = await import('../dev/index.ts');
  const progress = progressLine(process.stderr, !flags.json);
  // One listener for dev's whole life: one added later could miss a signal that came meanwhile.
  let dev: DevServer | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    // Once dev is up, the first signal closes it after a rebuild under way.
    if (dev) {
      void dev.close();
      dev = undefined;
      return;
    }
    // Before that, or a second time, it ends at once (dev's files removed).
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    progress.clear();
    endBySignal(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  dev = await startDev({
    config: flags.config,
    port: flags.port,
    host: flags.host,
    allowedHosts: flags.allowedHost,
    campaign: flags.campaign,
    onProgress: (update) => progress.update(update),
    onEvent: (event) => {
      progress.clear();
      if (flags.json) printJson(eventJson(event), true);
      else printEvent(event, flags.config);
    },
  }).catch((error: unknown) => {
    progress.clear();
    throw listenError(error, flags.host, flags.port);
  });
}

/** One line of --json output per event. */
export function eventJson(event: DevEvent): object {
  switch (event.type) {
    case 'ready':
      return {
        event: 'ready',
        url: event.url,
        outDir: event.outDir,
        ...(event.build.ok ? { ok: true, pages: event.build.result.pages } : failureJson(event.build.error)),
      };
    case 'rebuilt':
      return {
        event: 'rebuilt',
        ok: true,
        files: event.files,
        changedFiles: event.changedFiles,
        milliseconds: event.milliseconds,
        pages: event.result.pages,
        images: event.result.images,
      };
    case 'failed':
      return { event: 'failed', files: event.files, ...failureJson(event.error) };
  }
}

function printEvent(event: DevEvent, config: string): void {
  const time = stdout.paint('dim', new Date().toLocaleTimeString('en-GB'));
  if (event.type === 'ready') {
    stdout.line(
      `${stdout.paint('bold', 'store-landing dev')}  ${stdout.paint('cyan', event.url)}  watching ${config}, its locales, images and page/  (Ctrl+C to stop)`,
    );
    if (event.build.ok)
      stdout.line(`${time} ${stdout.paint('green', '✓')} built ${event.build.result.pages} pages in ${event.build.result.milliseconds} ms`);
    else {
      stdout.line(`${time} ${stdout.paint('red', '✗')} the config does not build yet: a stand-in page shows why until it does`);
      printFailure(event.build.error);
    }
  } else if (event.type === 'rebuilt') {
    const pages = event.changedFiles.filter((file) => file.endsWith('.html')).length;
    const what = event.changedFiles.length
      ? `${pages} page${pages === 1 ? '' : 's'} and ${event.changedFiles.length - pages} other files changed`
      : 'nothing changed';
    stdout.line(
      `${time} ${stdout.paint('green', '✓')} ${describeFiles(event.files)}: rebuilt in ${event.milliseconds} ms, ${what}${imagesNote(event)}`,
    );
  } else {
    stdout.line(
      `${time} ${stdout.paint('red', '✗')} ${describeFiles(event.files)}: the rebuild failed; the last good build is still served`,
    );
    printFailure(event.error);
  }
}

function printFailure(error: unknown): void {
  if (error instanceof UserError) printUserError(error);
  else stderr.line(stderr.paint('red', `store-landing failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`));
}

function describeFiles(files: string[]): string {
  const names = files.map((file) => path.relative(process.cwd(), file) || file);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

function imagesNote(event: Extract<DevEvent, { type: 'rebuilt' }>): string {
  const { encoded } = event.result.images;
  return encoded ? ` (${encoded} image renditions encoded, ${formatBytes(event.result.bytes)} in all)` : '';
}
