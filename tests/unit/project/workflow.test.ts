// The GitHub Actions workflow runs as written: its shell steps, Install included, in order, the matrix
// expanded, each job in a fresh checkout here; what only GitHub can run is checked instead.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixtureConfig, repoRoot, temporaryDir } from '../../helpers.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
}
interface Job {
  needs?: string;
  'runs-on': string;
  container?: string;
  strategy?: { matrix: Record<string, unknown[]> };
  steps: Step[];
}
interface Workflow {
  env: Record<string, string>;
  jobs: Record<string, Job>;
}

const run = promisify(execFile);

/**
 * A fresh checkout of the repository as it is here (committed or not), without what git ignores
 * (node_modules, dist) and without the tests.
 */
async function checkout(dir: string) {
  const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
  const files = stdout.split('\0').filter((file) => file && !file.startsWith('tests/') && existsSync(path.join(repoRoot, file)));
  await mkdir(dir, { recursive: true });
  const list = path.join(await temporaryDir(), 'files');
  await writeFile(list, files.join('\0'));
  await run('bash', ['-c', `tar -C "${repoRoot}" -cf - --null -T "${list}" | tar -xf - -C "${dir}"`]);
}

/**
 * `uses:` steps are what GitHub provides: checkout is a fresh copy of the repository, an
 * artifact a folder; setup-node and the caches only speed GitHub up (their settings are checked
 * below). Every `run:` step runs, the system packages' and the first of each Install included:
 * this machine is Debian 12 like the pinned container, so its package installer runs for real.
 */
async function runStep(step: Step, matrix: Record<string, unknown>, env: Record<string, string>, work: string, artifacts: string) {
  const fill = (text: string) => text.replace(/\$\{\{\s*matrix\.(\w+)\s*\}\}/g, (_, key: string) => String(matrix[key]));
  if (step.uses?.startsWith('actions/checkout')) {
    await checkout(work);
  } else if (step.uses?.startsWith('actions/upload-artifact')) {
    await cp(path.join(work, fill(step.with!.path!)), path.join(artifacts, fill(step.with!.name!)), { recursive: true });
  } else if (step.uses?.startsWith('actions/download-artifact')) {
    const into = path.join(work, step.with!.path!);
    if (step.with!.name) await cp(path.join(artifacts, step.with!.name), into, { recursive: true });
    else {
      const prefix = step.with!.pattern!.replace(/\*$/, '');
      await cp(artifacts, into, {
        recursive: true,
        filter: (source) => source === artifacts || path.relative(artifacts, source).startsWith(prefix),
      });
    }
  } else if (step.run) {
    await run('bash', ['-euo', 'pipefail', '-c', fill(step.run)], {
      cwd: work,
      env: { ...process.env, ...env, NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
  }
}

/**
 * Whether the repository's node_modules is what `npm ci` of its lockfile installs: every package
 * npm recorded as installed (node_modules/.package-lock.json) is the lockfile's entry, and every
 * package of the lockfile is installed but the optional ones npm skips on this platform.
 */
function installedAsLocked(): boolean {
  const read = (file: string) =>
    JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')).packages as Record<string, { optional?: boolean }>;
  const locked = read('package-lock.json');
  let installed: ReturnType<typeof read>;
  try {
    installed = read('node_modules/.package-lock.json');
  } catch {
    return false;
  }
  return (
    Object.entries(installed).every(([name, entry]) => isDeepStrictEqual(entry, locked[name])) &&
    Object.entries(locked).every(([name, entry]) => name === '' || name in installed || entry.optional === true)
  );
}

/** The jobs in an order that respects `needs`. */
function jobOrder(workflow: Workflow): string[] {
  const order: string[] = [];
  const visit = (name: string) => {
    if (order.includes(name)) return;
    const needs = workflow.jobs[name]!.needs;
    if (needs) visit(needs);
    order.push(name);
  };
  Object.keys(workflow.jobs).forEach(visit);
  return order;
}

it('runs on GitHub as written: current Node LTS, npm and image caches, production installs where tests need nothing, the screenshot job in the pinned container', async () => {
  const workflow = parse(await readFile(path.join(repoRoot, '.github/workflows/campaigns.yml'), 'utf8')) as Workflow;
  const dockerfile = await readFile(path.join(repoRoot, '.ci/Dockerfile'), 'utf8');
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  // No apt Chromium on Ubuntu (a snap wrapper there): the only apt is the pinned container's installer.
  expect(steps.filter((step) => /apt(-get)? install/.test(step.run ?? ''))).toEqual([]);
  for (const step of steps.filter((step) => step.uses?.startsWith('actions/setup-node')))
    expect(step.with).toEqual({ 'node-version': 'lts/*', cache: 'npm' });
  const { screenshots, build, merge } = workflow.jobs;
  expect(screenshots!.container).toBe(/^FROM (\S+)$/m.exec(dockerfile)![1]);
  expect(screenshots!.container).toMatch(/^node:(2[4-9]|[3-9]\d)-bookworm-slim$/);
  const install = (job: Job) => job.steps.find((step) => step.name === 'Install')!.run!;
  expect(screenshots!.steps.find((step) => step.name === 'System packages')!.run).toBe('node .ci/system-packages.mjs');
  // The screenshot job installs every package as CI installs the repository before `npm test`.
  const repositoryInstall = /^npm ci .*$/m.exec(await readFile(path.join(repoRoot, '.ci/run'), 'utf8'))![0];
  expect(install(screenshots!)).toBe(repositoryInstall);
  for (const job of [build!, merge!]) expect(install(job)).toMatch(/^npm ci --omit=dev /);
  const caches = steps.filter((step) => step.uses?.startsWith('actions/cache')).map((step) => step.with!.path);
  expect(caches).toEqual([workflow.env.STORE_LANDING_CACHE_DIR, '~/.npm']);
  expect(screenshots!.steps.find((step) => step.name === 'Check the screenshots')!.run).toContain('--site out');

  const jobs = await temporaryDir();
  const artifacts = await temporaryDir();
  const baselines = await temporaryDir();
  // The project's own fixture, with the suite's image cache (the workflow's own starts cold).
  const env = {
    ...workflow.env,
    CONFIG: fixtureConfig('workflow'),
    BASELINES: baselines,
    STORE_LANDING_CACHE_DIR: process.env.STORE_LANDING_CACHE_DIR!,
  };
  expect(jobOrder(workflow)).toEqual(['build', 'merge', 'screenshots', 'deploy']);
  /**
   * Each Install command run so far, and the folder whose node_modules it wrote. The repository's
   * own install is one of them when its node_modules is what that command installs from the
   * lockfile: CI (and a fresh `npm ci`) ran it there before the tests.
   */
  const installedIn = new Map<string, string>(installedAsLocked() ? [[repositoryInstall, repoRoot]] : []);
  for (const name of jobOrder(workflow)) {
    const job = workflow.jobs[name]!;
    const work = path.join(jobs, name);
    if (name === 'screenshots') {
      // The baselines, as a developer would commit them: captured first from the merged site.
      const site = path.join(artifacts, 'site');
      await run(
        process.execPath,
        [
          path.join(repoRoot, 'bin/store-landing.js'),
          'screenshots',
          '--site',
          site,
          '--baseline',
          baselines,
          '--update',
          '-o',
          path.join(jobs, 'baselines report'),
        ],
        { env: { ...process.env, ...env } },
      );
    }
    for (const [entry, shard] of (job.strategy?.matrix.shard ?? [undefined]).entries()) {
      for (const step of job.steps) {
        // GitHub gives each of the matrix's entries a runner of its own; here they run one after
        // another in one folder, so the first entry's Install serves the others: `npm ci` of the
        // same lockfile writes the same node_modules again.
        if (entry > 0 && step.name === 'Install') continue;
        // Likewise a job whose Install has run already, to the byte, on the same lockfile (merge's
        // is build's, the screenshot job's the repository's): it gets that node_modules, linked.
        const earlier = step.name === 'Install' ? installedIn.get(step.run!) : undefined;
        if (earlier) {
          await symlink(path.join(earlier, 'node_modules'), path.join(work, 'node_modules'));
          continue;
        }
        await runStep(step, { shard }, env, work, artifacts);
        if (step.name === 'Install') installedIn.set(step.run!, work);
      }
    }
  }
  const manifest = JSON.parse(await readFile(path.join(artifacts, 'site/manifest.json'), 'utf8'));
  expect(manifest.campaigns).toHaveLength(3);
  expect(manifest.shard).toBeUndefined();
  const report = JSON.parse(await readFile(path.join(artifacts, 'screenshot-report/results.json'), 'utf8'));
  // The top level and every campaign of the site that deploys, each with its own baselines.
  expect(report.shots.map((shot: { name: string; status: string }) => `${shot.name} ${shot.status}`).sort()).toEqual(
    ['', 'alpha/', 'bravo/', 'charlie/'].flatMap((folder) => [350, 390].map((width) => `${folder}en-default-${width}.png same`)).sort(),
  );
  // The build and merge jobs installed no test package.
  await expect(readFile(path.join(jobs, 'merge/node_modules/vitest/package.json'))).rejects.toThrow();
}, 900_000);
