// One ownership rule for every folder a command empties or replaces: the marker it wrote decides, never file
// names; the current folder, the config's folder and the command's inputs are never touched.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeOnExit } from '../../../generator/shared/exit-cleanup.ts';
import { assertOwned, markerOf, resolveTarget, writeMarker } from '../../../generator/shared/ownership.ts';
import { prepareOutDir } from '../../../generator/screenshots/report-dir.ts';
import { defaultConfig, runCli, snapshot, temporaryDir, userRefusal, writeTree } from '../../helpers.ts';

/** A project folder: sources, the config, and a report.html of its own (a landing page's source, say). */
async function project(): Promise<string> {
  const dir = path.join(await temporaryDir(), 'project');
  await writeTree(dir, { 'report.html': '<h1>Q3 report</h1>', 'src/app.ts': 'keep me', 'variants.yaml': 'app: {}\n' });
  return dir;
}

describe('the ownership rule', () => {
  it('lets a command take a missing folder, an empty one, or one with its own marker, and no other', async () => {
    const parent = await temporaryDir();
    await expect(assertOwned(path.join(parent, 'missing'), 'report', 'the report')).resolves.toBeUndefined();
    await mkdir(path.join(parent, 'empty'));
    await expect(assertOwned(path.join(parent, 'empty'), 'report', 'the report')).resolves.toBeUndefined();
    const marked = path.join(parent, 'marked');
    await writeTree(marked, { 'report.html': 'old' });
    writeMarker(marked, 'report');
    await expect(assertOwned(marked, 'report', 'the report')).resolves.toBeUndefined();
    // Another command's marker is not this one's: a build's output is no report folder.
    writeMarker(marked, 'build');
    const buildOnly = path.join(parent, 'build-only');
    await writeTree(buildOnly, { 'index.html': 'page' });
    writeMarker(buildOnly, 'build');
    expect((await userRefusal(assertOwned(buildOnly, 'report', 'the report'))).name).toBe('ReportDirNotOurs');
    // A marker file that is not ours (another tool's text under the same name) does not count.
    const forged = path.join(parent, 'forged');
    await writeTree(forged, { [markerOf('report').file]: 'something else\n', 'notes.txt': 'mine' });
    expect((await userRefusal(assertOwned(forged, 'report', 'the report'))).name).toBe('ReportDirNotOurs');
  });

  it('refuses the current folder, the config folder and the inputs, and any folder above or inside an input', async () => {
    const dir = await project();
    const inputs = [path.join(dir, 'baselines')];
    const cases: Array<[string, string]> = [
      [process.cwd(), 'OutputInsideSource'],
      [path.dirname(process.cwd()), 'OutputInsideSource'],
      [dir, 'OutputProtected'],
      [path.dirname(dir), 'OutputProtected'],
      [path.join(dir, 'baselines'), 'OutputProtected'],
    ];
    for (const [folder, name] of cases) {
      expect(
        (await userRefusal(resolveTarget(folder, 'the report', { configFile: path.join(dir, 'variants.yaml'), inputs: inputs.slice() })))
          .name,
        folder,
      ).toBe(name);
    }
    // Inside an input: allowed unless the command reads its inputs whole while it writes (merge).
    const inside = path.join(dir, 'baselines', 'report');
    await expect(resolveTarget(inside, 'the report', { inputs })).resolves.toMatchObject({ dir: inside });
    expect((await userRefusal(resolveTarget(inside, 'the site', { inputs, apartFromInputs: true }))).name).toBe('OutputProtected');
    await expect(
      resolveTarget(path.join(dir, 'report-out'), 'the report', { configFile: path.join(dir, 'variants.yaml') }),
    ).resolves.toMatchObject({
      dir: path.join(dir, 'report-out'),
    });
  });

  it('removes a held folder on exit only while it holds its marker', async () => {
    const parent = await temporaryDir();
    const mine = path.join(parent, 'mine');
    await mkdir(mine);
    writeMarker(mine, 'dev');
    removeOnExit(mine, 'dev').remove();
    expect(existsSync(mine)).toBe(false);
    const foreign = path.join(parent, 'foreign');
    await writeTree(foreign, { 'notes.txt': 'keep me' });
    removeOnExit(foreign, 'dev').remove();
    expect(existsSync(path.join(foreign, 'notes.txt'))).toBe(true);
  });
});

describe('the screenshot report folder', () => {
  it('is never a folder that merely holds a report.html: a project folder is refused and left as it was', async () => {
    const dir = await project();
    const before = await snapshot(dir);
    expect(await userRefusal(prepareOutDir(dir))).toEqual({
      name: 'ReportDirNotOurs',
      message: `Refusing to write the screenshot report to ${dir}: it holds report.html and no .store-landing-report marker, so store-landing did not write it.`,
    });
    expect(await snapshot(dir)).toEqual(before);
  });

  it('is emptied on the next run once a run has marked it', async () => {
    const out = path.join(await temporaryDir(), 'report');
    await prepareOutDir(out);
    await writeFile(path.join(out, 'current', 'old.png'), 'old');
    await prepareOutDir(out);
    expect(existsSync(path.join(out, 'current', 'old.png'))).toBe(false);
    expect(existsSync(path.join(out, markerOf('report').file))).toBe(true);
  });

  it('`screenshots -o DIR` refuses a project folder before building anything, with exit 1, and `-o .` too', async () => {
    const dir = await project();
    const before = await snapshot(dir);
    const run = await runCli(['screenshots', '-c', defaultConfig, '-o', dir, '--json']);
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout).error.name).toBe('ReportDirNotOurs');
    expect(await snapshot(dir)).toEqual(before);
    const here = await runCli(['screenshots', '-c', defaultConfig, '-o', '.', '--json'], dir);
    expect(here.code, here.stderr).toBe(1);
    expect(JSON.parse(here.stdout).error.name).toBe('OutputInsideSource');
    expect(await snapshot(dir)).toEqual(before);
  }, 60_000);

  it('`screenshots-merge ... -o DIR` refuses a project folder, and an input shard, leaving both as they were', async () => {
    const dir = await project();
    const shard = path.join(await temporaryDir(), 'shard-1');
    await prepareOutDir(shard);
    await writeFile(path.join(shard, 'results.json'), JSON.stringify({ shots: [], planned: 0, shard: { index: 1, count: 1 } }));
    const before = { dir: await snapshot(dir), shard: await snapshot(shard) };
    const intoProject = await runCli(['screenshots-merge', shard, '-o', dir, '--json']);
    expect(intoProject.code, intoProject.stderr).toBe(1);
    expect(JSON.parse(intoProject.stdout).error.name).toBe('ReportDirNotOurs');
    const aboveShard = await runCli(['screenshots-merge', shard, '-o', path.dirname(shard), '--json']);
    expect(aboveShard.code, aboveShard.stderr).toBe(1);
    expect(JSON.parse(aboveShard.stdout).error.name).toBe('OutputProtected');
    expect({ dir: await snapshot(dir), shard: await snapshot(shard) }).toEqual(before);
  }, 60_000);
});

describe('merge', () => {
  it('refuses to write over one of its shards, a folder above them, or one inside a shard', async () => {
    const parent = await temporaryDir();
    const shard = path.join(parent, 'shard-1');
    await writeTree(shard, { 'index.html': 'page', 'manifest.json': JSON.stringify({ campaigns: [], shard: { index: 1, count: 1 } }) });
    writeMarker(shard, 'build');
    const before = await snapshot(parent);
    for (const out of [shard, parent, path.join(shard, 'merged')]) {
      const run = await runCli(['merge', shard, '-o', out, '--json']);
      expect(run.code, run.stderr).toBe(1);
      expect(JSON.parse(run.stdout).error.name).toBe('OutputProtected');
    }
    expect(await snapshot(parent)).toEqual(before);
  }, 60_000);
});
