// `store-landing serve`: serves a build folder the way production hosting does.
import type { Command } from 'commander';
import path from 'node:path';
import { startServer } from '../serve/server.ts';
import { parsePort } from './options.ts';
import { paint } from './output.ts';

export function addServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve a build the way production hosting does')
    .argument('[dir]', 'the build folder', 'out')
    .option('-p, --port <port>', 'the port (0 picks a free one)', parsePort, 4173)
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .action(async (dir: string, options: { port: number; host: string }) => {
      const server = await startServer({ dir, port: options.port, host: options.host });
      console.log(`Serving ${path.resolve(dir)} at ${paint('cyan', server.url)}  (Ctrl+C to stop)`);
      process.once('SIGINT', () => void server.close());
      process.once('SIGTERM', () => void server.close());
    });
}
