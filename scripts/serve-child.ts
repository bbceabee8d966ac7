// Builds the default config into a temporary folder and serves it from a child process, for the scripts that measure `serve`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../generator/pipeline/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface ServedBuild {
  /** The server's URL, without a trailing slash. */
  baseUrl: string;
  outDir: string;
  /** Stops the server and deletes the build. */
  stop(): void;
}

/**
 * Builds `config` (relative to the repository; `variants.yaml` by default), or one `campaign`
 * of it, and starts `store-landing serve` on a free port. The server runs in its own process,
 * so the measuring tool does not share its event loop.
 */
export async function buildAndServe(config = 'variants.yaml', campaign?: string): Promise<ServedBuild> {
  const work = mkdtempSync(path.join(tmpdir(), 'store-landing-serve-'));
  const outDir = path.join(work, 'out');
  await buildSite({ config: path.join(root, config), outDir, campaign });
  const server = spawn(process.execPath, [path.join(root, 'bin/store-landing.js'), 'serve', outDir, '--port', '0'], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      const match = /http:\/\/\S+/.exec(chunk.toString());
      if (match) resolve(match[0].replace(/\/$/, ''));
    });
    server.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  return {
    baseUrl,
    outDir,
    stop() {
      server.kill();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
