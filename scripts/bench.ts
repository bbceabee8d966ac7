// `npm run bench`: builds a generated 1,000-page config several times and prints medians of speed, memory and page weight; then dev's edit-to-reload times (bench-dev.ts).
//
// Each run is a fresh child process (so peak memory is that build's own): it builds
// 50 campaigns x 20 pages with `build --all` into a fresh folder, then times the floor on
// this machine, a bare loop of renderToString + writeFile over the same pages' props, on
// the same disk. It runs on a RAM disk (/dev/shm) and on the disk: on a VM whose disk
// takes ~250 µs to create a file, the disk measures the VM; the RAM disk, the generator.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { stringify } from 'yaml';
import { readCampaignManifests, readManifest, type CampaignManifest } from '../generator/shared/manifest.ts';
import { defaultConfigData } from '../tests/helpers.ts';
import { benchDev } from './bench-dev.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CAMPAIGNS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface RunResult {
  pages: number;
  timings: { load: number; bundle: number; render: number; write: number };
  floorMs: number;
  maxRssMB: number;
}

/** The default config with 50 campaigns, each with its own install link and weights; paths made absolute. */
function writeBenchConfig(dir: string): string {
  const config = defaultConfigData();
  config.campaigns = Object.fromEntries(
    Array.from({ length: CAMPAIGNS }, (_, i) => [
      `campaign-${String(i + 1).padStart(2, '0')}`,
      {
        tracking: { appsflyer: { oneLink: { default: `https://pictura.onelink.me/Ab1c/c${i + 1}` } } },
        splitTest: { feature1: { fullPrice: i % 100, discount: 100 - (i % 100) } },
      },
    ]),
  );
  const file = path.join(dir, 'variants.yaml');
  writeFileSync(file, stringify(config));
  return file;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function sizes(buffer: Buffer) {
  return {
    raw: buffer.byteLength,
    gzip: gzipSync(buffer, { level: 9 }).byteLength,
    brotli: brotliCompressSync(buffer, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

/** Per-page bytes of one built page: its HTML (with the inline CSS), that CSS alone, and its JS. */
function pageWeight(outDir: string) {
  const campaign = path.join(outDir, readdirSync(outDir).find((name) => name.startsWith('campaign-'))!);
  const html = readFileSync(path.join(campaign, 'feature1/index.html'));
  const css = Buffer.from(/<style>(.*?)<\/style>/s.exec(html.toString())?.[1] ?? '');
  const { assets } = readManifest(campaign) as CampaignManifest;
  const js = (name: string) => readFileSync(path.join(campaign, 'assets', name));
  return {
    html: sizes(html),
    css: sizes(css),
    'JS at load (runtime)': sizes(js(assets.runtime)),
    'JS, React client (lazy)': sizes(js(assets.client)),
  };
}

function runChild(config: string, outDir: string): RunResult {
  const output = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', config, outDir], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.toString().trim().split('\n').pop()!);
}

/** In the child: one build, then the floor over the same pages. */
async function child(config: string, outDir: string) {
  const { buildSite } = await import('../generator/build/index.ts');
  const { render, TranslatorCache } = await import('../templates/entry-server.tsx');
  const result = await buildSite({ config, outDir, all: true });

  // The floor: the same pages' props through renderToString and writeFile, nothing else.
  const props: unknown[] = [];
  for (const { dir, manifest } of readCampaignManifests(outDir)) {
    for (const page of manifest.pages) {
      const html = readFileSync(path.join(dir, page.file), 'utf8');
      props.push(JSON.parse(/<script type="application\/json" id="page-props">(.*?)<\/script>/.exec(html)![1]!));
    }
  }
  // On the same disk as the build's output, so the two are compared on equal terms.
  const floorDir = mkdtempSync(path.join(path.dirname(outDir), 'floor-'));
  const { writeFile } = await import('node:fs/promises');
  const started = performance.now();
  const translators = new TranslatorCache();
  await Promise.all(props.map((pageProps, i) => writeFile(path.join(floorDir, `${i}.html`), render(pageProps as never, translators))));
  const floorMs = performance.now() - started;
  rmSync(floorDir, { recursive: true, force: true });

  const run: RunResult = { pages: result.pages, timings: result.timings, floorMs, maxRssMB: process.resourceUsage().maxRSS / 1024 };
  console.log(JSON.stringify(run));
}

/**
 * Waits for the files written and deleted so far to reach the disk, so a run does not pay for
 * the writeback of the runs before it (on this VM that made later runs' writes several times slower).
 */
function flushWrites(): void {
  try {
    execFileSync('sync');
  } catch {
    // No sync command (Windows): runs may then share the disk's writeback.
  }
}

/** The folders builds are written into: a RAM disk when the machine has one, and the disk. */
function outputTargets(work: string): Array<{ name: string; dir: string }> {
  const targets = [{ name: 'disk', dir: work }];
  try {
    targets.unshift({ name: 'RAM disk', dir: mkdtempSync('/dev/shm/store-landing-bench-') });
  } catch {
    // No /dev/shm (macOS, Windows): the disk alone.
  }
  return targets;
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'store-landing-bench-'));
  const config = writeBenchConfig(work);
  const targets = outputTargets(work);
  // The first build encodes the images and compresses the bundle into the caches beside the
  // config, as a project's first build does; every later build finds them there.
  console.log('Warming the image and compression caches with one build...');
  runChild(config, path.join(work, 'warm-up'));
  rmSync(path.join(work, 'warm-up'), { recursive: true, force: true });

  const results = new Map<string, RunResult[]>();
  for (const target of targets) {
    console.log(`Building ${CAMPAIGNS} campaigns x 20 pages onto the ${target.name} (${target.dir}), ${RUNS} runs, each in a fresh process and folder...`);
    const runs: RunResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      const outDir = path.join(target.dir, `out-${i}`);
      flushWrites();
      runs.push(runChild(config, outDir));
      process.stdout.write(`  run ${i + 1}: ${JSON.stringify(runs.at(-1)!.timings)}\n`);
    }
    results.set(target.name, runs);
  }

  const pages = results.values().next().value![0]!.pages;
  const stat = (runs: RunResult[], value: (run: RunResult) => number) => median(runs.map(value));
  const afterBundle = (run: RunResult) => run.timings.render + run.timings.write;
  const rows: Array<[string, (runs: RunResult[]) => string]> = [
    ['pages/s after bundling (render + write)', (runs) => (pages / (stat(runs, afterBundle) / 1000)).toFixed(0)],
    ['ms/page after bundling', (runs) => (stat(runs, afterBundle) / pages).toFixed(3)],
    ['whole build, ms', (runs) => stat(runs, (run) => Object.values(run.timings).reduce((a, b) => a + b, 0)).toFixed(0)],
    ...(['load', 'bundle', 'render', 'write'] as const).map(
      (stage) => [`  ${stage}, ms`, (runs: RunResult[]) => stat(runs, (run) => run.timings[stage]).toFixed(0)] as [string, (runs: RunResult[]) => string],
    ),
    ['peak memory, MB (max RSS)', (runs) => stat(runs, (run) => run.maxRssMB).toFixed(0)],
    ['floor: renderToString + writeFile, ms/page', (runs) => (stat(runs, (run) => run.floorMs) / pages).toFixed(3)],
    ['ours / floor (render + write time)', (runs) => (stat(runs, afterBundle) / stat(runs, (run) => run.floorMs)).toFixed(2)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\nMedians of ${RUNS} runs on this machine, ${pages} pages per build (${CAMPAIGNS} campaigns x 20):`);
  console.log(`  ${''.padEnd(width)}  ${[...results.keys()].map((name) => name.padStart(9)).join('  ')}`);
  for (const [label, format] of rows) {
    console.log(`  ${label.padEnd(width)}  ${[...results.values()].map((runs) => format(runs).padStart(9)).join('  ')}`);
  }

  const lastOut = path.join(targets[0]!.dir, `out-${RUNS - 1}`);
  console.log('\nPer-page bytes (/campaign-NN/feature1/):');
  console.log(`  ${'part'.padEnd(24)}  ${'raw'.padStart(8)}  ${'gzip'.padStart(8)}  ${'brotli'.padStart(8)}`);
  for (const [part, size] of Object.entries(pageWeight(lastOut))) {
    console.log(`  ${part.padEnd(24)}  ${String(size.raw).padStart(8)}  ${String(size.gzip).padStart(8)}  ${String(size.brotli).padStart(8)}`);
  }
  for (const target of targets) rmSync(target.dir, { recursive: true, force: true });
  await benchDev();
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!);
else await main();
