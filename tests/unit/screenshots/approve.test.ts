// `screenshots --approve REPORT_DIR`: a report's captures become the baselines with its environment, only from a
// report of the same config; stale baselines are a note, and --prune removes them only in a folder the tool owns.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runCli, snapshot, temporaryDir } from '../../helpers.ts';
import { BASELINE_BROWSER, REPORT_BROWSER, REPORT_CONFIG, writeBaselineDir, writeReportDir } from './report-fixture.ts';

const approve = (report: string, baselines: string, ...flags: string[]) =>
  runCli(['screenshots', '--approve', report, '-c', REPORT_CONFIG, '--baseline', baselines, ...flags]);

/** The pixels of a PNG, to compare a baseline (recompressed) with the capture it was made from. */
const pixels = async (file: string) => (await sharp(file).removeAlpha().raw().toBuffer()).toString('base64');

describe('screenshots --approve', () => {
  it("writes the report's changed and missing captures as baselines, with the report's environment record", async () => {
    const dir = await temporaryDir();
    const [report, baselines] = [path.join(dir, 'report'), path.join(dir, 'baselines')];
    await writeBaselineDir(baselines, ['en-default-390.png', 'de-default-390.png', 'fr-default-390.png']);
    await writeReportDir(report, {
      changed: ['en-default-390.png'],
      missing: ['es-default-390.png'],
      same: ['de-default-390.png', 'fr-default-390.png'],
    });
    const before = await snapshot(baselines);
    const run = await approve(report, baselines);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Approved 2 screenshots of ${report} into ${baselines}, with the report's environment`);
    for (const name of ['en-default-390.png', 'es-default-390.png'])
      expect(await pixels(path.join(baselines, name))).toBe(await pixels(path.join(report, 'current', name)));
    const after = await snapshot(baselines);
    expect(after['de-default-390.png']).toBe(before['de-default-390.png']);
    const environment = JSON.parse(await readFile(path.join(baselines, 'environment.json'), 'utf8'));
    expect(environment.browser).toBe(REPORT_BROWSER);
    expect(Object.keys(environment.fonts.byShot).sort()).toEqual([
      'de-default-390.png',
      'en-default-390.png',
      'es-default-390.png',
      'fr-default-390.png',
    ]);
  });

  it('with --only, approves the matching captures, and refuses when that would mix two environments', async () => {
    const dir = await temporaryDir();
    const [report, baselines] = [path.join(dir, 'report'), path.join(dir, 'baselines')];
    await writeBaselineDir(baselines, ['en-default-390.png', 'de-default-390.png']);
    await writeReportDir(report, { changed: ['en-default-390.png', 'de-default-390.png'] });
    const before = await snapshot(baselines);
    const mixed = await approve(report, baselines, '--only', 'de-*');
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toContain('would leave baselines of two environments in one folder');
    expect(await snapshot(baselines)).toEqual(before);
    // The same report, taken in the baselines' environment: only de-* is written, and the record keeps its browser.
    const results = JSON.parse(await readFile(path.join(report, 'results.json'), 'utf8'));
    results.environment = {
      ...results.environment,
      current: { ...results.environment.current, browser: BASELINE_BROWSER },
      differences: [],
    };
    await writeFile(path.join(report, 'results.json'), JSON.stringify(results));
    const run = await approve(report, baselines, '--only', 'de-*');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const after = await snapshot(baselines);
    expect(after['en-default-390.png']).toBe(before['en-default-390.png']);
    expect(after['de-default-390.png']).not.toBe(before['de-default-390.png']);
    expect(JSON.parse(await readFile(path.join(baselines, 'environment.json'), 'utf8')).browser).toBe(BASELINE_BROWSER);
  });

  it('refuses a report of another config or version, one that records none, and one with --update', async () => {
    const dir = await temporaryDir();
    const [report, baselines] = [path.join(dir, 'report'), path.join(dir, 'baselines')];
    await writeBaselineDir(baselines, ['en-default-390.png']);
    await writeReportDir(report, { changed: ['en-default-390.png'] }, { source: { fingerprint: 'f'.repeat(64) } });
    const before = await snapshot(baselines);
    const other = await approve(report, baselines);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(
      `Refusing to approve the captures of ${report}: its pages were built from another config or store-landing version than ${REPORT_CONFIG}`,
    );
    await writeReportDir(report, { changed: ['en-default-390.png'] }, { source: { fingerprint: null } });
    expect((await approve(report, baselines)).stderr).toContain('it records no config');
    expect((await approve(report, baselines, '--update')).stderr).toContain('--approve takes its captures from a report');
    expect(await snapshot(baselines)).toEqual(before);
  });
});

describe('stale baselines', () => {
  it('--approve --prune removes the stale ones in a folder the tool owns, and refuses in one it does not', async () => {
    const dir = await temporaryDir();
    const [report, owned, foreign] = [path.join(dir, 'report'), path.join(dir, 'owned'), path.join(dir, 'foreign')];
    await writeReportDir(report, { changed: ['en-default-390.png'], stale: ['it-default-390.png'] });
    await writeBaselineDir(owned, ['en-default-390.png', 'it-default-390.png']);
    await writeBaselineDir(foreign, ['en-default-390.png', 'it-default-390.png'], false);
    const run = await approve(report, owned, '--prune');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('removed it-default-390.png  stale');
    expect(existsSync(path.join(owned, 'it-default-390.png'))).toBe(false);
    const before = await snapshot(foreign);
    const refused = await approve(report, foreign, '--prune');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Refusing to prune ${foreign}: it holds no .store-landing-baselines file`);
    expect(await snapshot(foreign)).toEqual(before);
    // Without --prune, nothing is removed, and the approval goes through.
    expect((await approve(report, foreign)).code).toBe(0);
    expect(existsSync(path.join(foreign, 'it-default-390.png'))).toBe(true);
  });

  it('--prune without --update or --approve is refused', async () => {
    const run = await runCli(['screenshots', '-c', REPORT_CONFIG, '--prune']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--prune removes the stale baselines as part of --update or --approve');
  });
});
