// Debian's nginx for the host tests: where its modules are, starting it on a config, checking a config, and raw requests to it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';

export const NGINX = '/usr/sbin/nginx';
/** njs: Debian's libnginx-mod-http-js. */
export const NJS = '/usr/lib/nginx/modules/ngx_http_js_module.so';
/** brotli_static: Debian's libnginx-mod-http-brotli-static (optional for users; CI installs it). */
export const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * Fails the test file at once, naming what to install, when a file of Debian's nginx packages is
 * missing: `npm test` installs them first (.ci/system-packages.mjs), so a missing one is never skipped.
 */
export function requireInstalled(files: string[]): void {
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length) {
    throw new Error(
      `${missing.join(', ')} missing: run \`node .ci/system-packages.mjs\` (as root it installs the packages of .ci/system-packages.txt, else it prints the apt-get command).`,
    );
  }
}

export interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
  /** The body as sent (compressed when the response says so). */
  bytes: Buffer;
  /** The body as UTF-8 text. */
  body: string;
}

/** A GET with exactly the headers given: fetch would add `Accept-Language: *` and `Accept-Encoding` of its own. */
export function get(port: number, target: string, headers: Record<string, string> = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          rawHeaders: response.rawHeaders,
          bytes,
          body: bytes.toString('utf8'),
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** A port free on the loopback address right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Whether this machine can listen on IPv6 (`[::]`): Debian's default site does, a container may not. */
export function listensOnIpv6(): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(0, '::', () => server.close(() => resolve(true)));
  });
}

/** What `nginx -t` says of a config (stderr, where it writes everything), and whether it passed. */
export function testConfig(args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** Starts nginx in the foreground with `args`; resolves once it answers on `port`. */
export async function startNginx(args: string[], port: number, log: () => string): Promise<ChildProcess> {
  const nginx = spawn(NGINX, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  nginx.stdout!.on('data', (chunk) => (output += chunk));
  nginx.stderr!.on('data', (chunk) => (output += chunk));
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const probe = request({ host: '127.0.0.1', port, path: '/__probe__', method: 'HEAD' }, () => resolve(true));
      probe.on('error', () => resolve(false)).end();
    });
    if (open) return nginx;
    if (nginx.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  nginx.kill();
  throw new Error(`nginx did not start:\n${output}${log()}`);
}
