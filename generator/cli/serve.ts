// `store-landing serve`: serves a build folder the way production hosting does.
import type { Command } from 'commander';
import path from 'node:path';
import { listenError } from './listen.ts';
import { addListenOptions } from './options.ts';
import { printJson, stdout } from './output.ts';

/** Adds `serve` to the program. */
export function addServeCommand(program: Command): void {
  const command = program
    .command('serve')
    .description('serve a build the way production hosting does')
    .argument('[dir]', 'the build folder', 'out');
  addListenOptions(command)
    .option('--json', 'print {"ok": true, "url": ...} once listening (or the failure) as JSON, and nothing else')
    .action(async (dir: string, options: { port: number; host: string; allowedHost?: string[]; json?: boolean }) => {
      const { startServer } = await import('../serve/server.ts');
      const server = await startServer({ dir, port: options.port, host: options.host, allowedHosts: options.allowedHost }).catch(
        (error: unknown) => {
          throw listenError(error, options.host, options.port);
        },
      );
      if (options.json) printJson({ ok: true, url: server.url, port: server.port, dir: path.resolve(dir) });
      else stdout.line(`Serving ${path.resolve(dir)} at ${stdout.paint('cyan', server.url)}  (Ctrl+C to stop)`);
      process.once('SIGINT', () => void server.close());
      process.once('SIGTERM', () => void server.close());
    });
}
