// The generated nginx snippet and njs module on a real nginx (Debian's, with libnginx-mod-http-js), serving a fake build.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostFiles } from '../../generator/hosts/index.ts';
import { checkResponseHeaders, EXPECTATIONS, SITE, writeOutput } from './site.ts';

const NGINX = '/usr/sbin/nginx';
const NJS = '/usr/lib/nginx/modules/ngx_http_js_module.so';

// `npm test` installs nginx first (.ci/system-packages.mjs); run on its own without it, the file fails at once and says what to install, never skipping.
const missing = [NGINX, NJS].filter((file) => !existsSync(file));

describe('nginx with njs (store-landing.conf and store-landing.js)', () => {
  let out: string;
  let nginx: ChildProcess;
  let port: number;
  let log = '';

  beforeAll(async () => {
    if (missing.length) throw new Error(`${missing.join(' and ')} missing: run \`node .ci/system-packages.mjs\` (as root it installs nginx-light and libnginx-mod-http-js, else it says the command).`);
    out = writeOutput(hostFiles(SITE));
    port = await freePort();
    const prefix = path.join(out, '.nginx');
    mkdirSync(prefix);
    const conf = path.join(prefix, 'nginx.conf');
    // The server block is the one the README tells users to write; the rest keeps nginx inside the temp folder.
    writeFileSync(
      conf,
      `load_module ${NJS};
daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${out};
    js_path ${out}/_hosting/nginx/;
    include ${out}/_hosting/nginx/store-landing.conf;
  }
}
`,
    );
    nginx = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr!.on('data', (chunk) => (log += chunk));
    await waitForPort(port, () => `nginx did not start:\n${log}${readLog(prefix)}`);
  });

  afterAll(() => {
    nginx?.kill();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  test.each(EXPECTATIONS)('$name: $path', async (expectation) => {
    const response = await get(port, expectation.path, expectation.acceptLanguage);
    expect(response.status, expectation.name).toBe(expectation.status);
    expect(response.body.startsWith(expectation.body), `${expectation.name}: ${response.body.slice(0, 120)}`).toBe(true);
    checkResponseHeaders((name) => response.headers[name.toLowerCase()] as string | undefined, expectation);
  });

  test('a negotiated page names its language; no header is sent twice', async () => {
    const response = await get(port, '/feature1', 'de');
    expect(response.headers['content-language']).toBe('de');
    expect(response.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === 'content-security-policy')).toHaveLength(1);
  });

  test('without Accept-Language the plain route is English', async () => {
    const response = await get(port, '/', undefined);
    expect(response.body.startsWith('<!doctype html><html lang="en">')).toBe(true);
  });
});

interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
  body: string;
}

/** A GET with exactly the headers given: fetch would add `Accept-Language: *` of its own. */
function get(port: number, target: string, acceptLanguage: string | undefined): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers = acceptLanguage === undefined ? {} : { 'Accept-Language': acceptLanguage };
    request({ host: '127.0.0.1', port, path: target, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, rawHeaders: response.rawHeaders, body }));
    })
      .on('error', reject)
      .end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForPort(port: number, failure: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const probe = request({ host: '127.0.0.1', port, path: '/__probe__', method: 'HEAD' }, () => resolve(true));
      probe.on('error', () => resolve(false)).end();
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(failure());
}

function readLog(prefix: string): string {
  const file = path.join(prefix, 'error.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}
