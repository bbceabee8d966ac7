// `npm run load`: 200 concurrent connections for 10 s against `store-landing serve` on loopback; fails past 100 ms p99 or on any error.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildSite } from '../generator/build.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 200;
const SECONDS = 10;
const P99_LIMIT_MS = 100;

const work = mkdtempSync(path.join(tmpdir(), 'store-landing-load-'));
const outDir = path.join(work, 'out');
await buildSite({ config: path.join(root, 'variants.yaml'), outDir });
const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8'));

// The server runs in its own process, so the load generator does not share its event loop.
const server = spawn(process.execPath, [path.join(root, 'bin/store-landing.js'), 'serve', outDir, '--port', '0'], {
  env: { ...process.env, NO_COLOR: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve, reject) => {
  server.stdout.on('data', (chunk: Buffer) => {
    const match = /http:\/\/\S+/.exec(chunk.toString());
    if (match) resolve(match[0].replace(/\/$/, ''));
  });
  server.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
});

// What a visitor's browser asks for: negotiated pages, a locale page, the split-test config, an asset.
const paths = ['/', '/feature1?utm_source=facebook&fbclid=abc', '/de/feature1', '/config.json', `/assets/${manifest.assets.runtime}`];
const result = await autocannon({
  url,
  connections: CONNECTIONS,
  duration: SECONDS,
  headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
  requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath })),
});
server.kill();
rmSync(work, { recursive: true, force: true });

const rows: Array<[string, string]> = [
  ['connections x seconds', `${CONNECTIONS} x ${SECONDS}`],
  ['requests', String(result.requests.total)],
  ['requests/s (mean)', result.requests.average.toFixed(0)],
  ['errors / timeouts', `${result.errors} / ${result.timeouts}`],
  ['responses other than 2xx', String(result.non2xx)],
  ['latency p50 / p99 / max, ms', `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max}`],
];
for (const [label, value] of rows) console.log(`  ${label.padEnd(30)} ${value}`);
const failures = [
  result.errors > 0 && `${result.errors} connection errors`,
  result.timeouts > 0 && `${result.timeouts} timeouts`,
  result.non2xx > 0 && `${result.non2xx} responses other than 2xx`,
  result.latency.p99 > P99_LIMIT_MS && `p99 ${result.latency.p99} ms > ${P99_LIMIT_MS} ms`,
].filter(Boolean);
if (failures.length) {
  console.error(`FAILED: ${failures.join(', ')}`);
  process.exitCode = 1;
} else {
  console.log(`OK: zero errors, p99 ${result.latency.p99} ms <= ${P99_LIMIT_MS} ms`);
}
