// The screenshot command's command line, before any browser starts: the hints' update command and its quoting, and its user errors.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { shellQuote, updateCommandLine } from '../../../generator/screenshots/command-line.ts';
import { fixtureConfig, runCli, temporaryDir } from '../../helpers.ts';
import { readJunit } from './report-samples.ts';

/** The words a POSIX shell makes of `line`: what running the pasted line would pass. */
async function shellWords(line: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('sh', ['-c', `printf '%s\\0' ${line}`]);
  return stdout.split('\0').slice(0, -1);
}
describe('updateCommandLine', () => {
  it("repeats the user's flags as typed, adds --update once, and leaves out --json and --shard", () => {
    const given: Array<[string, string?]> = [
      ['--build', 'out'],
      ['--baseline', "my baselines/it's"],
      ['--threshold', '0.10'],
      ['--shard', '1/2'],
      ['--update'],
      ['--json'],
    ];
    expect(updateCommandLine(given)).toBe(
      "npx store-landing screenshots --build out --baseline 'my baselines/it'\\''s' --threshold 0.10 --update",
    );
  });

  it('quotes each word so that a POSIX shell reads it back unchanged', async () => {
    const words = [
      'tests/baselines',
      'a-b_c.d@2x:1,2=3+4%',
      'with space',
      "it's",
      '$HOME',
      '`id`',
      'a"b',
      '*',
      '~',
      '',
      'tab\there',
      'semi;colon',
      'new\nline',
      'Ümlaut',
    ];
    expect(await shellWords(words.map(shellQuote).join(' '))).toEqual(words);
    expect(words.map(shellQuote).slice(0, 3)).toEqual(['tests/baselines', 'a-b_c.d@2x:1,2=3+4%', "'with space'"]);
  });
});

describe('store-landing screenshots, before any browser starts', () => {
  /** tests/fixtures/site/base.yaml (2 routes x 2 locales: 8 shots), built once. */
  let build: string;
  beforeAll(async () => {
    build = path.join(await temporaryDir(), 'out');
    await buildSite({ config: fixtureConfig('base'), outDir: build, imageCacheDir: await temporaryDir() });
  });

  it('refuses a folder that is not a build, a site given as a build and a build given as a site', async () => {
    const empty = await temporaryDir();
    const run = await runCli(['screenshots', '--build', empty, '-o', path.join(await temporaryDir(), 'report')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`There is no build in ${empty}: it holds no manifest.json.`);
    const site = await runCli(['screenshots', '--site', build, '-o', path.join(await temporaryDir(), 'report')]);
    expect(site.code).toBe(1);
    expect(site.stderr).toContain(`${build} is the build of one campaign; --site takes a \`build --all\` or merged site.`);
    const both = await runCli(['screenshots', '--site', build, '--build', build]);
    expect(both.stderr).toContain('--build and --site both name what to capture.');
  });

  it('passes a shard with nothing to take, with an empty report', async () => {
    const report = path.join(await temporaryDir(), 'report');
    const run = await runCli([
      'screenshots',
      '--build',
      build,
      '--baseline',
      await temporaryDir(),
      '-o',
      report,
      '--shard',
      '9/9',
      '--json',
    ]);
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, shots: [], planned: 8, shard: { index: 9, count: 9 } });
    expect(readJunit(await readFile(path.join(report, 'junit.xml'), 'utf8')).counts).toEqual({
      tests: 0,
      failures: 0,
      errors: 0,
      skipped: 0,
    });
  });

  it('refuses a pixel budget that is not a count, a shard that is not I/N, --only without --update, and the old --threshold', async () => {
    const run = await runCli(['screenshots', '--max-diff-pixels', '1.5']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('expected a number of pixels from 0 to 10000000, found "1.5"');
    const shard = await runCli(['screenshots', '--shard', '3/2']);
    expect(shard.code).toBe(1);
    expect(shard.stderr).toContain('--shard must be I/N with 1 <= I <= N, found "3/2".');
    const only = await runCli(['screenshots', '--build', build, '--only', 'de-*']);
    expect(only.code).toBe(1);
    expect(only.stderr).toContain('--only de-* chooses which baselines --update writes, but --update is not given.');
    const threshold = await runCli(['screenshots', '--threshold', '0.1']);
    expect(threshold.code).toBe(1);
    expect(threshold.stderr).toContain("unknown option '--threshold'");
  });
});
