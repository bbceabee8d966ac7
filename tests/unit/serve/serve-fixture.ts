// A small build folder and `store-landing serve` on it in a child process, for the serve tests: a crash shows as the process ending.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { repoRoot, temporaryDir } from '../../helpers.ts';

/** The bytes of `assets/app.js`: long enough that ranges of it stream in several chunks. */
export const APP_JS = Buffer.from(Array.from({ length: 40_000 }, (_, i) => `/*${i.toString(36)}*/`).join('') + 'run();\n');
/**
 * Its brotli twin, made once for every fixture: any valid brotli serves the tests, and at quality 4
 * it takes milliseconds where the default quality (11) takes over a second of a busy core.
 */
export const APP_JS_BR = brotliCompressSync(APP_JS, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
const APP_JS_GZ = gzipSync(APP_JS);
export const CONFIG_JSON = '{"main":{"fullPrice":100}}\n';

/** Writes a one-campaign build as `build` writes it (pages, 404, config.json, an asset with twins, an SVG) into `dir`. */
export function writeBuild(dir: string): void {
  const write = (file: string, contents: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), contents);
  };
  const page = (locale: string) => `<!doctype html><html lang="${locale}"><title>${locale}</title><body>page ${locale}</body></html>\n`;
  write('index.html', page('en'));
  write('de/index.html', page('de'));
  write('404.html', '<!doctype html><title>404</title><h1>404 Not Found</h1>\n');
  write('config.json', CONFIG_JSON);
  write('assets/app.js', APP_JS);
  write('assets/app.js.br', APP_JS_BR);
  write('assets/app.js.gz', APP_JS_GZ);
  write('_hosting/nginx/store-landing.conf', '# the host files\n');
  write('assets/glyph.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>');
  const manifest = {
    campaign: null,
    basePath: '/',
    headers: { 'Content-Security-Policy': "default-src 'self'" },
    defaultLocale: 'en',
    locales: ['en', 'de'],
    assets: { runtime: 'app.js', client: 'app.js', files: ['app.js', 'glyph.svg'] },
    pages: [
      { route: '/', locale: 'en', variant: 'default', file: 'index.html', bytes: 0 },
      { route: '/', locale: 'de', variant: 'default', file: 'de/index.html', bytes: 0 },
    ],
  };
  write('manifest.json', JSON.stringify(manifest));
}

export interface ServedFixture {
  dir: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or signal) once the server process ends. */
  exited: Promise<string>;
  stop(): void;
}

/** Writes a build into a fresh folder and serves it with the CLI on a free loopback port, with `args` added to its command line. */
export async function serveFixture(args: string[] = []): Promise<ServedFixture> {
  const dir = path.join(await temporaryDir(), 'out');
  writeBuild(dir);
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'bin/store-landing.js'), 'serve', dir, '-p', '0', '--host', '127.0.0.1', '--json', ...args],
    {
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`${code ?? signal}: ${stderr}`)));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve((JSON.parse(stdout) as { port: number }).port);
    });
    void exited.then((reason) => reject(new Error(`serve ended before listening: ${reason}`)));
  });
  return { dir, port, child, exited, stop: () => child.kill() };
}

/**
 * One raw request over a socket; resolves with everything the server sent before closing (or
 * `timeoutMs`). The request should ask for `Connection: close`: the socket is not half-closed,
 * since Node's server drops a request whose client ended its side before the answer.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 5_000): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    const done = () => resolve(Buffer.concat(chunks));
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(request);
  });
}

/** A parsed response: status, headers by lower-case name, body bytes. */
export function parseResponse(raw: Buffer): { status: number; headers: Record<string, string>; body: Buffer } {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw
    .subarray(0, end === -1 ? raw.length : end)
    .toString('latin1')
    .split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
  const headers = Object.fromEntries(
    head.slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let body = end === -1 ? Buffer.alloc(0) : raw.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status, headers, body };
}

function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** A GET over a fresh connection, closed after the answer. */
export async function get(port: number, target: string, headers: Record<string, string> = {}, method = 'GET') {
  const lines = [
    `${method} ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return parseResponse(await rawRequest(port, lines.join('\r\n') + '\r\n\r\n'));
}
