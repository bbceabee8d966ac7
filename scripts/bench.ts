// `npm run bench`: builds generated configs with the compiled CLI and prints medians of speed, memory and
// page weight per workload; then dev's edit-to-reload times (bench-dev.ts).
//
// Each run is a fresh process (so peak memory is that build's own, its worker threads
// included) building with `build --all` into a fresh folder, with the writes of the runs
// before it flushed. The workloads (bench-workloads.ts): 50 campaigns x 20 pages that differ
// only in links and weights (rendered once, filled in per campaign); the same 50 with their
// own listing facts (every page rendered: on every core by default, and with --jobs 1 in one
// thread); 1,000 such campaigns (20,000 pages, one run: it takes a while), and with --huge 5,000
// (100,060 pages, minutes). Each is compared
// with the floor on this machine, a bare renderToString + writeFile loop over its own pages in
// one thread on the same disk. It runs on a RAM disk (/dev/shm) and on the disk: on a VM whose
// disk is slow to create files, the disk measures the VM; the RAM disk, the generator.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { readManifest, type CampaignManifest } from '../generator/shared/manifest.ts';
import { benchDev } from './bench-dev.ts';
import { floorPerPage, runBuild, writeConfig, type RunResult, type Workload } from './bench-workloads.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LARGE_CAMPAIGNS = Number(process.env.BENCH_LARGE_CAMPAIGNS ?? 1000);
/**
 * `npm run bench -- --huge` adds 5,000 distinct campaigns (100,060 pages, one run on the RAM disk):
 * its peak memory is the figure to watch, and it takes minutes, so it is not in the default run.
 */
const HUGE_CAMPAIGNS = process.argv.includes('--huge') ? 5000 : 0;
/** Another checkout to measure with the same workloads (`BENCH_TREE=../before npm run bench`), for before-and-after figures. */
const tree = path.resolve(process.env.BENCH_TREE ?? root);
const own = tree === path.resolve(root);

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

/**
 * Waits for the files written and deleted so far to reach the disk, so a run does not pay for
 * the writeback of the runs before it, which would slow later runs' writes.
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

/** What bin/compile.js offers (plain JavaScript, so typed here). */
interface Compiler {
  compileCli(): Promise<void>;
  isStale(): boolean;
}

/** The checkout's CLI compiled as it is now: the bench measures what bin/store-landing.js runs. */
async function compileTree(): Promise<void> {
  if (!own) return void execFileSync(process.execPath, [path.join(tree, 'bin/compile.js')], { stdio: 'inherit' });
  const compiler = (await import(pathToFileURL(path.join(root, 'bin/compile.js')).href)) as Compiler;
  if (compiler.isStale()) await compiler.compileCli();
}

/** The floor for the pages a build of `config` wrote into `outDir`, in a process of its own (the page's view loaded through tsx). */
function floorOf(config: string, outDir: string): number {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--floor', config, outDir], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (child.status !== 0) throw new Error(`The floor failed: ${child.stderr}`);
  return Number(child.stdout.toString().trim().split('\n').pop());
}

interface Measured {
  workload: Workload;
  runs: RunResult[];
  floorMs: number;
}

/**
 * Builds `workload` its runs onto `target`, each into a fresh folder, all kept until the target
 * is done: deleting thousands of files between runs slowed this VM's disk run after run.
 */
function measure(workload: Workload, target: string): Measured & { lastOut: string } {
  const runs: RunResult[] = [];
  let lastOut = '';
  for (let i = 0; i < workload.runs; i++) {
    lastOut = path.join(target, `${workload.name.replace(/\W+/g, '-')}-${i}`);
    flushWrites();
    runs.push(runBuild(tree, workload.config, lastOut, workload.flags));
    process.stdout.write(
      `  ${workload.name}, run ${i + 1}: ${(runs.at(-1)!.wallMs / 1000).toFixed(1)} s, ${runs.at(-1)!.maxRssMB.toFixed(0)} MB, ${JSON.stringify(runs.at(-1)!.timings)}\n`,
    );
  }
  return { workload, runs, floorMs: floorOf(workload.config, lastOut), lastOut };
}

function printTable(target: string, results: Measured[]): void {
  const afterBundle = (run: RunResult) => run.timings.render + run.timings.write;
  const columns: Array<[string, (result: Measured) => string]> = [
    ['pages', ({ runs }) => String(runs[0]!.pages)],
    ['runs', ({ runs }) => String(runs.length)],
    ['pages/s', ({ runs }) => (runs[0]!.pages / (median(runs.map(afterBundle)) / 1000)).toFixed(0)],
    ['ms/page', ({ runs }) => (median(runs.map(afterBundle)) / runs[0]!.pages).toFixed(3)],
    ['whole s', ({ runs }) => (median(runs.map((run) => run.wallMs)) / 1000).toFixed(2)],
    ['peak MB', ({ runs }) => median(runs.map((run) => run.maxRssMB)).toFixed(0)],
    ['floor ms/page', ({ floorMs }) => floorMs.toFixed(3)],
    ['ours/floor', ({ runs, floorMs }) => (median(runs.map(afterBundle)) / runs[0]!.pages / floorMs).toFixed(2)],
  ];
  const width = Math.max(...results.map(({ workload }) => workload.name.length));
  console.log(`\n${target}: medians (pages/s and ms/page after bundling: render + write; whole: the command, start to end)`);
  console.log(`  ${''.padEnd(width)}${columns.map(([label]) => label.padStart(15)).join('')}`);
  for (const result of results)
    console.log(`  ${result.workload.name.padEnd(width)}${columns.map(([, cell]) => cell(result).padStart(15)).join('')}`);
  for (const { workload, runs } of results) {
    const stages = (['load', 'bundle', 'render', 'write'] as const).map(
      (stage) => `${stage} ${median(runs.map((run) => run.timings[stage])).toFixed(0)}`,
    );
    console.log(`  ${workload.name.padEnd(width)}  stages, ms: ${stages.join(', ')}`);
  }
}

function workloads(work: string): Workload[] {
  const distinct = writeConfig(work, 'distinct-50.yaml', 50, true);
  return [
    { name: 'filled in, 50 x 20', config: writeConfig(work, 'filled-50.yaml', 50, false), flags: [], runs: RUNS, onDisk: true },
    { name: 'distinct, 50 x 20', config: distinct, flags: [], runs: RUNS, onDisk: true },
    // The build's own thread only, as before workers: what the cores add. (An older checkout has no --jobs.)
    ...(own ? [{ name: 'distinct, 50 x 20, --jobs 1', config: distinct, flags: ['--jobs', '1'], runs: RUNS, onDisk: false }] : []),
    {
      name: `distinct, ${LARGE_CAMPAIGNS} x 20`,
      config: writeConfig(work, 'distinct-large.yaml', LARGE_CAMPAIGNS, true),
      flags: [],
      runs: 1,
      onDisk: false,
    },
    ...(HUGE_CAMPAIGNS
      ? [
          {
            name: `distinct, ${HUGE_CAMPAIGNS} x 20`,
            config: writeConfig(work, 'distinct-huge.yaml', HUGE_CAMPAIGNS, true),
            flags: [],
            runs: 1,
            onDisk: false,
          },
        ]
      : []),
  ];
}

async function main() {
  await compileTree();
  const work = mkdtempSync(path.join(tmpdir(), 'store-landing-bench-'));
  const all = workloads(work);
  const targets = outputTargets(work);
  console.log(`${availableParallelism()} cores (os.availableParallelism()), Node ${process.versions.node}, the CLI of ${tree}`);
  // The first build encodes the images and compresses the bundle into the caches beside the
  // configs, as a project's first build does; every later build finds them there.
  console.log('Warming the image and compression caches with one build...');
  runBuild(tree, all[1]!.config, path.join(work, 'warm-up'), []);
  rmSync(path.join(work, 'warm-up'), { recursive: true, force: true });

  let weighed = '';
  for (const target of targets) {
    console.log(`\nOnto the ${target.name} (${target.dir}):`);
    const results: Measured[] = [];
    for (const workload of all.filter((workload) => target === targets[0] || workload.onDisk)) {
      const { lastOut, ...measured } = measure(workload, target.dir);
      results.push(measured);
      weighed ||= lastOut;
    }
    printTable(target.name, results);
  }

  console.log('\nPer-page bytes (/campaign-NN/feature1/):');
  console.log(`  ${'part'.padEnd(24)}  ${'raw'.padStart(8)}  ${'gzip'.padStart(8)}  ${'brotli'.padStart(8)}`);
  for (const [part, size] of Object.entries(pageWeight(weighed))) {
    console.log(
      `  ${part.padEnd(24)}  ${String(size.raw).padStart(8)}  ${String(size.gzip).padStart(8)}  ${String(size.brotli).padStart(8)}`,
    );
  }
  for (const target of targets) rmSync(target.dir, { recursive: true, force: true });
  // dev's figures are this checkout's own.
  if (own) await benchDev();
}

if (process.argv[2] === '--floor') console.log(await floorPerPage(process.argv[3]!, process.argv[4]!));
else await main();
