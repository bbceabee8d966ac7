// Dev's watcher (one report per burst of saves, editors' save-by-rename seen, scratch files ignored, saves
// before it started found) and its writer (only changed files written, stale ones removed).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangedFilesWriter } from '../../../generator/dev/writer.ts';
import { FileWatcher, findChangedFiles, listPlanFiles } from '../../../generator/dev/watch.ts';
import { temporaryDir } from '../../helpers.ts';

const watchers: FileWatcher[] = [];
afterEach(() => watchers.splice(0).forEach((watcher) => watcher.close()));

/** A watcher over `dir`'s variants.yaml, its locales/ (JSON) and a page/ tree; resolves each report. */
function watchProject(dir: string) {
  const reports: string[][] = [];
  let notify = () => {};
  const watcher = new FileWatcher((files) => {
    reports.push(files.sort());
    notify();
  });
  watchers.push(watcher);
  watcher.update({
    files: [path.join(dir, 'variants.yaml')],
    folders: [{ dir: path.join(dir, 'locales'), extensions: ['.json'] }],
    trees: [path.join(dir, 'page')],
  });
  const nextReport = () => new Promise<string[]>((resolve) => (notify = () => resolve(reports.at(-1)!)));
  return { reports, nextReport };
}

async function project() {
  const dir = await temporaryDir();
  mkdirSync(path.join(dir, 'locales'));
  mkdirSync(path.join(dir, 'page/view/components'), { recursive: true });
  writeFileSync(path.join(dir, 'variants.yaml'), 'a: 1\n');
  writeFileSync(path.join(dir, 'locales/en.json'), '{}');
  return dir;
}

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('FileWatcher', () => {
  it('reports a burst of saves to several watched files once, with each file', async () => {
    const dir = await project();
    const { reports, nextReport } = watchProject(dir);
    const report = nextReport();
    writeFileSync(path.join(dir, 'variants.yaml'), 'a: 2\n');
    writeFileSync(path.join(dir, 'variants.yaml'), 'a: 3\n');
    writeFileSync(path.join(dir, 'locales/de.json'), '{}');
    expect(await report).toEqual([path.join(dir, 'locales/de.json'), path.join(dir, 'variants.yaml')]);
    await quiet(200);
    expect(reports).toHaveLength(1);
  });

  it("sees an editor's save by rename, and a change deep in a watched tree", async () => {
    const dir = await project();
    const { nextReport } = watchProject(dir);
    let report = nextReport();
    writeFileSync(path.join(dir, 'variants.yaml.swp'), 'a: 4\n');
    renameSync(path.join(dir, 'variants.yaml.swp'), path.join(dir, 'variants.yaml'));
    expect(await report).toEqual([path.join(dir, 'variants.yaml')]);
    report = nextReport();
    writeFileSync(path.join(dir, 'page/view/components/header.tsx'), 'export {};');
    expect(await report).toEqual([path.join(dir, 'page/view/components/header.tsx')]);
  });

  it('ignores files the build does not read and scratch files', async () => {
    const dir = await project();
    const { reports } = watchProject(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'x');
    writeFileSync(path.join(dir, 'locales/en.json~'), 'x');
    writeFileSync(path.join(dir, 'locales/readme.md'), 'x');
    writeFileSync(path.join(dir, 'page/view/.app.tsx.swp'), 'x');
    await quiet(300);
    expect(reports).toEqual([]);
  });
});

describe('listPlanFiles and findChangedFiles', () => {
  it('list what a plan covers (not scratch or unread files) and find what is new, modified or gone between two listings', async () => {
    const dir = await project();
    const plan = {
      files: [path.join(dir, 'variants.yaml')],
      folders: [{ dir: path.join(dir, 'locales'), extensions: ['.json'] }],
      trees: [path.join(dir, 'page')],
    };
    writeFileSync(path.join(dir, 'page/view/components/a.tsx'), '1');
    writeFileSync(path.join(dir, 'locales/notes.txt'), 'not read');
    writeFileSync(path.join(dir, 'locales/.en.json.swp'), 'scratch');
    const before = await listPlanFiles(plan);
    expect([...before.keys()].sort()).toEqual(
      ['locales/en.json', 'page/view/components/a.tsx', 'variants.yaml'].map((file) => path.join(dir, file)),
    );
    expect(findChangedFiles(before, await listPlanFiles(plan))).toEqual([]);
    // A later modification time, as a save while the first build ran gives.
    const later = new Date(statSync(path.join(dir, 'variants.yaml')).mtimeMs + 1000);
    writeFileSync(path.join(dir, 'variants.yaml'), 'a: 2\n');
    utimesSync(path.join(dir, 'variants.yaml'), later, later);
    writeFileSync(path.join(dir, 'locales/de.json'), '{}');
    rmSync(path.join(dir, 'page/view/components/a.tsx'));
    expect(findChangedFiles(before, await listPlanFiles(plan)).sort()).toEqual(
      ['locales/de.json', 'page/view/components/a.tsx', 'variants.yaml'].map((file) => path.join(dir, file)),
    );
  });
});

describe('ChangedFilesWriter', () => {
  it('writes only files whose bytes changed, and removes the ones a build no longer makes', async () => {
    const out = await temporaryDir();
    const writer = new ChangedFilesWriter();
    await writer.write(out, [
      { path: 'index.html', contents: 'one' },
      { path: 'de/index.html', contents: [Buffer.from('ein'), Buffer.from('s')] },
      { path: 'assets/a-123.js', contents: new Uint8Array([1, 2]) },
    ]);
    expect(writer.changed.sort()).toEqual(['assets/a-123.js', 'de/index.html', 'index.html']);
    const untouched = statSync(path.join(out, 'index.html')).mtimeMs;

    await writer.write(out, [
      { path: 'index.html', contents: 'one' },
      { path: 'de/index.html', contents: 'zwei' },
      { path: 'assets/b-456.js', contents: 'new' },
    ]);
    expect(writer.changed.sort()).toEqual(['assets/a-123.js', 'assets/b-456.js', 'de/index.html']);
    expect(readFileSync(path.join(out, 'de/index.html'), 'utf8')).toBe('zwei');
    expect(statSync(path.join(out, 'index.html')).mtimeMs).toBe(untouched);
    expect(existsSync(path.join(out, 'assets/a-123.js'))).toBe(false);
  });
});
