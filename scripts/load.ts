// `npm run load`: 200 concurrent connections for 10 s against `store-landing serve` on loopback; fails past 100 ms p99 or on any error.
import autocannon from 'autocannon';
import { readManifest, type CampaignManifest } from '../generator/shared/manifest.ts';
import { buildAndServe } from './serve-child.ts';
const CONNECTIONS = 200;
const SECONDS = 10;
const P99_LIMIT_MS = 100;

const served = await buildAndServe();
const url = served.baseUrl;
const manifest = readManifest(served.outDir) as CampaignManifest;

// What a visitor's browser asks for: negotiated pages, a locale page, the split-test config, an asset.
const paths = ['/', '/feature1?utm_source=facebook&fbclid=abc', '/de/feature1', '/config.json', `/assets/${manifest.assets.runtime}`];
const result = await autocannon({
  url,
  connections: CONNECTIONS,
  duration: SECONDS,
  headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
  requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath })),
});
served.stop();

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
