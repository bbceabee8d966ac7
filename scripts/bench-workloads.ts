// The workloads of `npm run bench` (bench.ts): their configs, one build of the compiled CLI in a fresh
// process, and the bare renderToString + write floor.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { sitePageProps } from '../generator/pipeline/site-props.ts';
import type { PageProps } from '../page/contract/props.ts';
import { defaultConfigData } from '../tests/helpers.ts';

/** A config the bench builds, and how. */
export interface Workload {
  name: string;
  /** The config file, written beside the others (they share the images, locales and caches). */
  config: string;
  /** Extra `build` flags. */
  flags: string[];
  runs: number;
  /** Also built onto the disk, not only the RAM disk. */
  onDisk: boolean;
}

/** What one build printed and used. */
export interface RunResult {
  pages: number;
  timings: { load: number; bundle: number; render: number; write: number };
  /** The whole command, from the process's start to its end. */
  wallMs: number;
  maxRssMB: number;
}

/**
 * The default config with `campaigns` campaigns. Filled: each with its own install link and
 * weights only, so all share the top level's rendered pages and are filled in. Distinct: each
 * with its own listing facts too (rating count, developer), so every page is rendered.
 */
export function writeConfig(dir: string, file: string, campaigns: number, distinct: boolean): string {
  const config = defaultConfigData(dir);
  const width = String(campaigns).length;
  config.campaigns = Object.fromEntries(
    Array.from({ length: campaigns }, (_, i) => [
      `campaign-${String(i + 1).padStart(width, '0')}`,
      {
        ...(distinct ? { app: { ratingCount: 1000 + i, developer: `Lumen ${i + 1}` } } : {}),
        tracking: { appsflyer: { oneLink: { default: `https://pictura.onelink.me/Ab1c/c${i + 1}` } } },
        splitTest: { feature1: { fullPrice: i % 100, discount: 100 - (i % 100) } },
      },
    ]),
  );
  // One line per campaign, so 5,000 campaigns fit in a config's 1 MB.
  const campaignsData = config.campaigns;
  delete config.campaigns;
  const lines = Object.entries(campaignsData).map(([name, value]) => `  ${name}: ${flow(value)}`);
  const written = path.join(dir, file);
  writeFileSync(written, `${stringify(config)}campaigns:\n${lines.join('\n')}\n`);
  return written;
}

/** `value` as one line of YAML flow style, keys unquoted (the bench's keys are plain words). */
function flow(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return `{${Object.entries(value)
    .map(([key, item]) => `${key}: ${flow(item)}`)
    .join(', ')}}`;
}

/**
 * In the child: the compiled CLI's main, as bin/store-landing.js runs it, in plain Node (no
 * tsx, whose loader thread would count in the memory), then the process's peak memory, which
 * covers the workers' threads.
 */
const CHILD = `const [cli, ...args] = process.argv.slice(2);
const { main } = await import(cli);
await main([process.argv[0], 'store-landing', ...args]);
process.stderr.write('\\n' + JSON.stringify({ maxRssMB: process.resourceUsage().maxRSS / 1024 }) + '\\n');`;

/**
 * One `build --all --json` of the compiled CLI of `root` in a fresh process. The child's code
 * is a file beside the config: workers inherit the process's flags, and `--input-type` (for
 * code given with -e) is no flag a worker can start with.
 */
export function runBuild(root: string, config: string, outDir: string, flags: string[]): RunResult {
  const cli = pathToFileURL(path.join(root, 'dist/cli.js')).href;
  const childFile = path.join(path.dirname(config), 'bench-child.mjs');
  writeFileSync(childFile, CHILD);
  const started = performance.now();
  const child = spawnSync(process.execPath, [childFile, cli, 'build', '-c', config, '-o', outDir, '--all', '--json', ...flags], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const result = JSON.parse(child.stdout.toString());
  if (child.status !== 0 || !result.ok) throw new Error(`The build of ${config} failed: ${child.stdout}${child.stderr}`);
  const { maxRssMB } = JSON.parse(child.stderr.toString().trim().split('\n').pop()!);
  return { pages: result.pages, timings: result.timings, wallMs, maxRssMB };
}

/** At most this many pages are rendered for the floor: its cost per page is the same for 1,000 or 20,000. */
const FLOOR_PAGES = 1000;

/**
 * The floor on this machine, in ms per page: the props of the pages a build of `config` wrote
 * into `outDir` (sitePageProps) through a bare renderToString + writeFile loop in one thread,
 * nothing else, onto the same disk; after a pass that warms the JIT, as a build's thousandth page is.
 */
export async function floorPerPage(config: string, outDir: string): Promise<number> {
  const { render, TranslatorCache } = await import('../page/view/entry-server.tsx');
  const all: PageProps[] = [];
  for await (const page of sitePageProps(config, { all: true })) all.push(page.props);
  const step = Math.max(1, Math.floor(all.length / FLOOR_PAGES));
  const props = all.filter((_, i) => i % step === 0).slice(0, FLOOR_PAGES);
  const floorDir = mkdtempSync(path.join(path.dirname(outDir), 'floor-'));
  const translators = new TranslatorCache();
  for (const pageProps of props.slice(0, 50)) render(pageProps, translators);
  const started = performance.now();
  await Promise.all(props.map((pageProps, i) => writeFile(path.join(floorDir, `${i}.html`), render(pageProps, translators))));
  const perPage = (performance.now() - started) / props.length;
  rmSync(floorDir, { recursive: true, force: true });
  return perPage;
}
