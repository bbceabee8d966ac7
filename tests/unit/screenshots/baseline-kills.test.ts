// Baselines written as one set: a command killed with SIGKILL at any instant of its write leaves the whole old set
// or the whole new one; and the temporary folders of killed screenshot runs are removed by the next run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverBaselines } from '../../../generator/screenshots/baseline-set.ts';
import { openRunFolder, removeDeadRunFolders } from '../../../generator/screenshots/run-folder.ts';
import { markerOf } from '../../../generator/shared/ownership.ts';
import { repoRoot, runCli, snapshot, temporaryDir, waitForEntry } from '../../helpers.ts';
import { REPORT_CONFIG, writeBaselineDir, writeReportDir } from './report-fixture.ts';

/** Enough baselines that writing the new set takes a while, so kills land inside it. */
const NAMES = Array.from({ length: 120 }, (_, index) => `l${index}-default-390.png`);
const STALE = NAMES.slice(100);

function startApprove(report: string, baselines: string) {
  const args = ['screenshots', '--approve', report, '-c', REPORT_CONFIG, '--baseline', baselines, '--prune'];
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/store-landing.js'), ...args], { cwd: repoRoot, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited };
}

describe('a baseline set written as one', () => {
  it('killed with SIGKILL at any instant, --approve --prune leaves the whole old set or the whole new one', async () => {
    const dir = await temporaryDir();
    const [report, baselines] = [path.join(dir, 'report'), path.join(dir, 'baselines')];
    await writeReportDir(report, { changed: NAMES.slice(0, 100), stale: STALE });
    await writeBaselineDir(baselines, NAMES);
    const old = await snapshot(baselines);
    const approved = await runCli(['screenshots', '--approve', report, '-c', REPORT_CONFIG, '--baseline', baselines, '--prune']);
    expect(approved.code, approved.stderr).toBe(0);
    const whole = await snapshot(baselines);
    expect(Object.keys(whole)).toHaveLength(Object.keys(old).length - STALE.length);
    const outcomes: string[] = [];
    // Uniform instants over the whole command, then instants aimed at the write: after its copy of the set appears.
    const instants = [
      ...[300, 700, 1100].map((ms) => ({ aimed: false, ms: ms + Math.random() * 300 })),
      ...Array.from({ length: 7 }, (_, index) => ({ aimed: true, ms: index * 4 + Math.random() * 4 })),
    ];
    for (const { aimed, ms } of instants) {
      await rm(baselines, { recursive: true, force: true });
      await writeBaselineDir(baselines, NAMES);
      const run = startApprove(report, baselines);
      if (aimed) await waitForEntry(dir, '.baselines.baselines-new-', run.child).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, ms));
      run.child.kill('SIGKILL');
      await run.exited;
      const state = (tree: Record<string, string>) =>
        JSON.stringify(tree) === JSON.stringify(old) ? 'old' : JSON.stringify(tree) === JSON.stringify(whole) ? 'new' : 'mixed';
      // Between the swap's two renames the folder is briefly away; otherwise it is a whole set.
      const found = existsSync(baselines) ? state(await snapshot(baselines)) : 'away';
      expect(found, `killed ${aimed ? 'into the write' : 'after'} ${Math.round(ms)} ms`).not.toBe('mixed');
      // What the next run does first: a set moved aside goes back, every leftover goes.
      await recoverBaselines(baselines);
      const recovered = state(await snapshot(baselines));
      expect(recovered).not.toBe('mixed');
      expect((await readdir(dir)).sort()).toEqual(['baselines', 'report']);
      outcomes.push(`${found}/${recovered}`);
    }
    expect(outcomes.some((outcome) => outcome.endsWith('old'))).toBe(true);
  }, 120_000);
});

describe('the temporary folders of screenshot runs', () => {
  const tmpdir = process.env.TMPDIR;
  afterEach(() => {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  });

  it("removes a killed run's marked folder, and leaves a live run's, an unmarked one and another host's", async () => {
    process.env.TMPDIR = await temporaryDir();
    const folder = (name: string) => path.join(process.env.TMPDIR!, `store-landing-screenshots-${name}`);
    // A run killed with SIGKILL: its PID no longer runs.
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    const owner = { hostname: '', bootId: '', pidNamespace: '', startedAt: 0 };
    const live = await openRunFolder();
    const own = JSON.parse(await (await import('node:fs/promises')).readFile(path.join(live.dir, 'owner.json'), 'utf8'));
    for (const [name, pid, marked, host] of [
      ['killed', dead.pid!, true, own],
      ['unmarked', dead.pid!, false, own],
      ['elsewhere', dead.pid!, true, { ...owner, hostname: 'another-host' }],
    ] as const) {
      await mkdir(path.join(folder(name), 'chromium-profile'), { recursive: true });
      await writeFile(path.join(folder(name), 'owner.json'), JSON.stringify({ ...host, pid }));
      if (marked) await writeFile(path.join(folder(name), markerOf('screenshots-run').file), markerOf('screenshots-run').text);
    }
    expect(await removeDeadRunFolders()).toEqual([folder('killed')]);
    expect(existsSync(folder('killed'))).toBe(false);
    for (const kept of [live.dir, folder('unmarked'), folder('elsewhere')]) expect(existsSync(kept)).toBe(true);
    live.remove();
    expect(existsSync(live.dir)).toBe(false);
  });
});
