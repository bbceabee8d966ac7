// What a killed build leaves is cleared at once and visibly: a lock whose owner was never written, a staging folder of thousands of files.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeProgress } from '../../../generator/cli/progress.ts';
import { openInAnyProcess, STALE_MS, withLock } from '../../../generator/pipeline/output/lock.ts';
import type { Removal } from '../../../generator/pipeline/output/remove.ts';
import { checkOutput } from '../../../generator/pipeline/output/write.ts';
import { temporaryDir } from '../../helpers.ts';

describe('a lock whose owner was never written', () => {
  it('is taken over at once when no process holds it open (a kill between creating it and writing its owner)', async () => {
    const lock = path.join(realpathSync(await temporaryDir()), '.out.lock');
    writeFileSync(lock, '');
    const started = Date.now();
    expect(await withLock(lock, async () => 'ran')).toBe('ran');
    // The heartbeat rule alone waited STALE_MS.
    expect(Date.now() - started).toBeLessThan(STALE_MS / 3);
    expect(existsSync(lock)).toBe(false);
  });

  it('is found open while a process holds it (its owner being written), and not once it is closed', async () => {
    const lock = path.join(realpathSync(await temporaryDir()), '.out.lock');
    const fd = openSync(lock, 'wx');
    try {
      expect(openInAnyProcess(lock)).toBe(true);
    } finally {
      closeSync(fd);
    }
    expect(openInAnyProcess(lock)).toBe(false);
  });

  it('is found open in another process too', async () => {
    const lock = path.join(realpathSync(await temporaryDir()), '.out.lock');
    await writeFile(lock, '');
    // A child holding the file open while it asks: the parent's own descriptors are closed by then.
    const code = `const fs = require('fs'); const fd = fs.openSync(${JSON.stringify(lock)}, 'r'); process.stdout.write('open'); setTimeout(() => fs.closeSync(fd), 3000);`;
    const child = spawn(process.execPath, ['-e', code]);
    await new Promise((resolve) => child.stdout.once('data', resolve));
    expect(openInAnyProcess(lock)).toBe(true);
    child.kill();
  });
});

describe("the removal of a killed build's staging folder", () => {
  it('reports how many files are gone as they go, and the progress line shows it', async () => {
    const parent = realpathSync(await temporaryDir());
    // A build killed long ago (PID 1 of another namespace would be "alive"; the name's tag says another host, its age says stale).
    const staging = path.join(parent, '.out.tmp-999999-00000000deadbeef');
    for (let dir = 0; dir < 12; dir++) {
      mkdirSync(path.join(staging, `campaign-${dir}`, 'de'), { recursive: true });
      for (let file = 0; file < 100; file++) writeFileSync(path.join(staging, `campaign-${dir}`, 'de', `${file}.html`), 'x');
    }
    const old = new Date(Date.now() - STALE_MS * 2);
    utimesSync(staging, old, old);
    const reports: Removal[] = [];
    await checkOutput(path.join(parent, 'out'), {}, undefined, (removal) => reports.push(removal));
    expect(existsSync(staging)).toBe(false);
    expect(reports.map((report) => report.files)).toEqual([0, 500, 1000, 1200]);
    expect(reports.every((report) => report.folder === staging)).toBe(true);
    expect(
      describeProgress({
        stage: 'clean',
        campaignsDone: 0,
        campaigns: 1,
        pagesDone: 0,
        pages: 20,
        images: { encoded: 0, cached: 0 },
        removing: reports[2],
      }),
    ).toBe(`Removing what a stopped build left: 1,000 files of ${staging}…`);
  });
});
