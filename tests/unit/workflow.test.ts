// The GitHub Actions workflow runs as written: its shell steps, in order, the matrix expanded, here.
import { execFile } from 'node:child_process';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixtureConfig, repoRoot, temporaryDir } from '../helpers.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}
interface Job {
  needs?: string;
  strategy?: { matrix: Record<string, unknown[]> };
  steps: Step[];
}
interface Workflow {
  env: Record<string, string>;
  jobs: Record<string, Job>;
}

const run = promisify(execFile);

/**
 * `uses:` steps are what GitHub provides: checkout is the repository itself, setup-node the
 * Node running this test, artifacts a folder. Steps named Install are skipped: this machine
 * has what they install (the suite would not run otherwise).
 */
async function runStep(step: Step, matrix: Record<string, unknown>, env: Record<string, string>, work: string, artifacts: string) {
  const fill = (text: string) => text.replace(/\$\{\{\s*matrix\.(\w+)\s*\}\}/g, (_, key: string) => String(matrix[key]));
  if (step.uses?.startsWith('actions/upload-artifact')) {
    await cp(path.join(work, fill(step.with!.path!)), path.join(artifacts, fill(step.with!.name!)), { recursive: true });
  } else if (step.uses?.startsWith('actions/download-artifact')) {
    const prefix = step.with!.pattern!.replace(/\*$/, '');
    await cp(artifacts, path.join(work, step.with!.path!), { recursive: true, filter: (source) => source === artifacts || path.relative(artifacts, source).startsWith(prefix) });
  } else if (step.run && step.name !== 'Install') {
    await run('bash', ['-euo', 'pipefail', '-c', fill(step.run)], { cwd: work, env: { ...process.env, ...env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 });
  }
}

it('builds the shards, merges them, checks the screenshots and reaches the deploy step', async () => {
  const workflow = parse(await readFile(path.join(repoRoot, '.github/workflows/campaigns.yml'), 'utf8')) as Workflow;
  const work = await temporaryDir();
  const artifacts = await temporaryDir();
  // The repository as checked out, its config the project's own fixture, its baselines captured first.
  await run('bash', ['-c', `ln -s "${repoRoot}"/* "${work}"/ && rm "${work}/tests"`]);
  const baselines = await temporaryDir();
  const env = { ...workflow.env, CONFIG: fixtureConfig('shards'), BASELINES: baselines };
  await run(process.execPath, [path.join(repoRoot, 'bin/store-landing.js'), 'screenshots', '-c', env.CONFIG, '--baseline', baselines, '--update', '-o', path.join(baselines, '.report')]);

  const order = Object.keys(workflow.jobs).sort((a, b) => (workflow.jobs[a]!.needs === b ? 1 : workflow.jobs[b]!.needs === a ? -1 : 0));
  expect(order).toEqual(['build', 'merge']);
  for (const name of order) {
    const job = workflow.jobs[name]!;
    const values = job.strategy?.matrix.shard ?? [undefined];
    for (const shard of values) {
      for (const step of job.steps) await runStep(step, { shard }, env, work, artifacts);
    }
  }
  const manifest = JSON.parse(await readFile(path.join(work, 'out/manifest.json'), 'utf8'));
  expect(manifest.campaigns).toHaveLength(7);
  expect(manifest.shard).toBeUndefined();
  await expect(readFile(path.join(work, 'screenshot-report/report.html'), 'utf8')).resolves.toContain('<');
}, 300_000);
