// The screenshot regression command on the default pages: passes on the committed baselines (the same pixels in
// the Chromium that made them, the same layout in another: committed-baselines.ts), and ends cleanly on Ctrl+C or SIGKILL.
// On a small build: screenshot-updates.test.ts and screenshot-shards.test.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { fixturesDir, repoRoot, runCli, temporaryDir } from '../helpers.ts';
import { judgeCommittedBaselines } from './committed-baselines.ts';
import { RUN_TIMEOUT } from './screenshot-work.ts';

/** The default config, built once by global-setup.ts. */
const buildDir = inject('outDir');
/** The committed baselines of the default pages (the tests' copy of the default config renders them). */
const baselines = path.join(repoRoot, 'tests/baselines');
/** How tests/baselines/README.md makes them again. */
const REMAKE = 'npx store-landing screenshots -c tests/fixtures/site/variants.yaml --baseline tests/baselines --update';
describe('store-landing screenshots', () => {
  it(
    'passes on the committed baselines: 20 pages at 390 and 350 px, none differing',
    async () => {
      const report = path.join(await temporaryDir(), 'report');
      // Compared even when Debian's Chromium is newer than the one that made them (judgeCommittedBaselines).
      const run = await runCli(['screenshots', '--build', buildDir, '--baseline', baselines, '-o', report, '--json']);
      // --json puts the failure in stdout: a missing font or browser shows there, with what to install.
      const result = JSON.parse(run.stdout || '{}');
      expect(result.shots, run.stdout + run.stderr).toHaveLength(40);
      const verdict = judgeCommittedBaselines(result, REMAKE);
      expect(verdict.problems).toEqual([]);
      if (verdict.warning) {
        console.warn(verdict.warning);
        return;
      }
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(result.ok).toBe(true);
      // Made here, in this environment: at rest, not one pixel differs.
      expect(result.environment).toMatchObject({ differences: [], baseline: { browser: result.environment.current.browser } });
      expect(await readFile(path.join(report, 'report.html'), 'utf8')).toContain('All 40 screenshots match their baselines.');
    },
    RUN_TIMEOUT,
  );
});

describe('store-landing screenshots stopped by Ctrl+C', () => {
  /** The processes whose parent is `pid`, as [pid, command name] (ps exits 1 when there are none). */
  const childrenOf = (pid: number) => {
    const { stdout } = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid=,comm='], { encoding: 'utf8' });
    return stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.trim().split(/\s+/));
  };
  /** Whether `pid` still runs: a killed process whose new parent does not reap it stays a zombie (ps state Z). */
  const running = (pid: number) => /^[^Z]/.test(spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim());
  /** A `screenshots --update` of the small fixture into `baselines`, its temporary folders in `tmp`, its report there too. */
  const startCapture = (tmp: string, baselines: string) =>
    spawn(
      process.execPath,
      [
        path.join(repoRoot, 'bin/store-landing.js'),
        'screenshots',
        '-c',
        path.join(fixturesDir, 'site/base.yaml'),
        '--baseline',
        baselines,
        '--update',
        '-o',
        path.join(tmp, 'report'),
      ],
      { env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' },
    );
  /** The pid of the Chromium `child` started, once it has; fails if the run ends first. */
  const chromiumOf = async (child: ChildProcess): Promise<number> => {
    for (;;) {
      expect(child.exitCode, 'the run ended before it captured').toBeNull();
      const browser = childrenOf(child.pid!).find(([, command]) => /chrom/i.test(command!))?.[0];
      if (browser) return Number(browser);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** The runs' own temporary folders in `tmp`. */
  const runFolders = async (tmp: string) => (await readdir(tmp)).filter((name) => name.startsWith('store-landing-screenshots-'));

  it(
    'while it captures: ends, with its temporary build removed and its Chromium closed',
    async () => {
      const tmp = await temporaryDir();
      // The small fixture: the run builds its 4 pages into a temporary folder, then captures 8 shots.
      const child = startCapture(tmp, await temporaryDir());
      const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const browser = await chromiumOf(child);
      expect(await runFolders(tmp)).toHaveLength(1);
      child.kill('SIGINT');
      // Puppeteer's own listener is there too, and has the process exit with the shell's code for Ctrl+C.
      expect(await ended).toBe(130);
      expect(await runFolders(tmp)).toEqual([]);
      // Puppeteer sends Chromium's process group SIGKILL as the process exits: it ends when the
      // kernel next schedules it, a moment later on a busy machine.
      for (const deadline = Date.now() + 10_000; running(browser) && Date.now() < deadline; )
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(running(browser)).toBe(false);
    },
    RUN_TIMEOUT,
  );

  it(
    'killed with SIGKILL while it captures: its Chromium exits with it, and the next run removes its temporary folder',
    async () => {
      const tmp = await temporaryDir();
      const child = startCapture(tmp, await temporaryDir());
      const ended = new Promise((resolve) => child.once('exit', resolve));
      const browser = await chromiumOf(child);
      // Mid-capture: no handler of the process runs, so only the pipe tells Chromium.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      child.kill('SIGKILL');
      await ended;
      /** Every process whose command line names the run's temporary folder (Chromium's profile is in it). */
      const leftovers = () =>
        spawnSync('pgrep', ['-f', tmp], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number).filter(running);
      for (const deadline = Date.now() + 10_000; (running(browser) || leftovers().length) && Date.now() < deadline; )
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(running(browser)).toBe(false);
      expect(leftovers()).toEqual([]);
      const killed = await runFolders(tmp);
      expect(killed).toHaveLength(1);
      expect(await readdir(path.join(tmp, killed[0]!))).toContain('chromium-profile');
      // The next run removes it (its owner is dead), and its own when it ends.
      const next = startCapture(tmp, await temporaryDir());
      await new Promise((resolve) => next.once('exit', resolve));
      expect(await runFolders(tmp)).toEqual([]);
    },
    RUN_TIMEOUT,
  );
});
