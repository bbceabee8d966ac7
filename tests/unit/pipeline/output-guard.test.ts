// A build replaces only a folder it wrote: never a PWA's public/, the config's folder, a git worktree or the
// current folder, however links lead there.
import { existsSync, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { cp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markerOf } from '../../../generator/shared/ownership.ts';
import { describeWriteError } from '../../../generator/pipeline/output/environment.ts';
import { writeOutput, type OutputFile } from '../../../generator/pipeline/output/write.ts';
import { UserError } from '../../../generator/shared/errors.ts';
import { defaultConfig, repoRoot, runCli, snapshot, temporaryDir, userRefusal, writeTree } from '../../helpers.ts';

/** A small build: what matters here is which folders it may replace, not what it holds. */
const FILES: OutputFile[] = [
  { path: 'index.html', contents: '<!doctype html><title>new</title>' },
  { path: 'assets/app.js', contents: 'run();' },
  { path: 'manifest.json', contents: JSON.stringify({ pages: [{ file: 'index.html' }] }) },
];

describe('the folders a build refuses', () => {
  it("refuses a PWA's public/ although it holds a manifest.json, and leaves src/ alone", async () => {
    const publicDir = path.join(await temporaryDir(), 'public');
    await writeTree(publicDir, {
      'manifest.json': '{"name":"My PWA","icons":[]}',
      'index.html': '<!doctype html>',
      'src/app.ts': 'keep me',
    });
    const before = await snapshot(publicDir);
    expect(await userRefusal(writeOutput(publicDir, FILES))).toEqual({
      name: 'OutputNotOwned',
      message: `Refusing to write the build to ${publicDir}: it holds index.html and no .store-landing-build marker, so store-landing did not write it.`,
    });
    expect(await snapshot(publicDir)).toEqual(before);
  });

  it("refuses the config's own folder and the folders above it, even with a manifest.json in it", async () => {
    const project = path.join(await temporaryDir(), 'project');
    await cp(path.join(repoRoot, 'locales'), path.join(project, 'locales'), { recursive: true });
    await writeTree(project, { 'variants.yaml': readFileSync(defaultConfig, 'utf8'), 'manifest.json': '{"pages":[]}' });
    const configFile = path.join(project, 'variants.yaml');
    const before = await snapshot(project);
    for (const dir of [project, path.dirname(project)]) {
      const error = await userRefusal(writeOutput(dir, FILES, undefined, { configFile }));
      expect(error.name).toBe('OutputProtected');
      expect(error.message).toContain(`it is the folder of the config ${configFile}, or a folder above it`);
    }
    // Without the config's path (an older caller) the folder is still refused: variants.yaml is no build's file.
    expect((await userRefusal(writeOutput(project, FILES))).name).toBe('OutputNotOwned');
    expect(await snapshot(project)).toEqual(before);
  });

  it('refuses a git worktree (a gh-pages checkout) even when a build wrote it, and keeps .git and CNAME', async () => {
    const pages = path.join(await temporaryDir(), 'gh-pages');
    await writeOutput(pages, FILES);
    await writeTree(pages, { '.git': 'gitdir: /elsewhere/.git/worktrees/gh-pages\n', CNAME: 'example.com\n' });
    const error = await userRefusal(writeOutput(pages, FILES));
    expect(error).toEqual({
      name: 'OutputProtected',
      message: `Refusing to write the build to ${pages}: it is a git worktree (it holds .git).`,
    });
    expect(readFileSync(path.join(pages, 'CNAME'), 'utf8')).toBe('example.com\n');
    expect(existsSync(path.join(pages, '.git'))).toBe(true);
  });

  it('refuses the current folder reached through a symlinked parent', async () => {
    const parent = await temporaryDir();
    const project = path.join(parent, 'real', 'project');
    await writeTree(project, { 'manifest.json': '{"pages":[]}', 'notes.txt': 'keep me' });
    await symlink(path.join(parent, 'real'), path.join(parent, 'link'));
    const run = await runCli(['build', '-c', defaultConfig, '-o', path.join(parent, 'link', 'project')], project);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Refusing to write the build to ${project}: it is the project folder or contains it.`);
    expect(readFileSync(path.join(project, 'notes.txt'), 'utf8')).toBe('keep me');
  }, 60_000);

  it('is a user error, before any rendering, for an output that is a file or lies under one', async () => {
    const parent = await temporaryDir();
    await writeFile(path.join(parent, 'file.txt'), 'text');
    expect(await userRefusal(writeOutput(path.join(parent, 'file.txt'), FILES))).toEqual({
      name: 'OutputNotFolder',
      message: `Cannot write the build to ${path.join(parent, 'file.txt')}: it is a file, not a folder.`,
    });
    const under = path.join(parent, 'file.txt', 'out');
    expect(await userRefusal(writeOutput(under, FILES))).toEqual({
      name: 'OutputNotFolder',
      message: `Cannot write the build to ${under}: ${path.join(parent, 'file.txt')} is a file, not a folder.`,
    });
    const run = await runCli(['build', '-c', defaultConfig, '-o', under, '--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error.name).toBe('OutputNotFolder');
  }, 60_000);
});

describe('the folders a build replaces', () => {
  it('replaces a folder it marked, with the marker in the new build too', async () => {
    const out = path.join(await temporaryDir(), 'out');
    await writeOutput(out, FILES);
    const marker = markerOf('build');
    expect(readFileSync(path.join(out, marker.file), 'utf8')).toBe(marker.text);
    await writeFile(path.join(out, 'stale.html'), 'old');
    await writeOutput(out, FILES);
    expect((await readdir(out)).sort()).toEqual([marker.file, 'assets', 'index.html', 'manifest.json']);
  });

  // Nothing is guessed from names: these folders hold only names a build writes, and no marker.
  it.each([
    ['a hand-written site', { 'index.html': '<h1>mine</h1>', 'assets/logo.png': 'png' }, 'assets'],
    ['a folder holding only config.json', { 'config.json': '{"mine":true}' }, 'config.json'],
    [
      'an unmarked build with its own manifest',
      { 'manifest.json': JSON.stringify({ pages: [{ file: 'de/index.html' }] }), 'de/index.html': 'old', '404.html': 'old' },
      '404.html',
    ],
  ])('refuses %s, whose names a build also writes, and leaves it as it was', async (_, files, first) => {
    const out = path.join(await temporaryDir(), 'out');
    await writeTree(out, files);
    const before = await snapshot(out);
    expect(await userRefusal(writeOutput(out, FILES))).toEqual({
      name: 'OutputNotOwned',
      message: `Refusing to write the build to ${out}: it holds ${first} and no .store-landing-build marker, so store-landing did not write it.`,
    });
    expect(await snapshot(out)).toEqual(before);
  });

  it('builds into the target of a symlinked output and keeps the link', async () => {
    const parent = await temporaryDir();
    const real = path.join(parent, 'site');
    const link = path.join(parent, 'out');
    await writeOutput(real, [{ path: 'index.html', contents: 'first' }]);
    await symlink(real, link);
    await writeOutput(link, FILES);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(readFileSync(path.join(real, 'index.html'), 'utf8')).toBe('<!doctype html><title>new</title>');
    // A link to nowhere is refused, not replaced by a folder.
    await rm(real, { recursive: true });
    expect((await userRefusal(writeOutput(link, FILES))).name).toBe('OutputLinkBroken');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });
});

describe('environment errors', () => {
  it.each([
    ['ENOSPC', 'OutputDiskFull'],
    ['EDQUOT', 'OutputDiskFull'],
    ['EACCES', 'OutputNotWritable'],
    ['EPERM', 'OutputNotWritable'],
    ['EROFS', 'OutputNotWritable'],
    ['EBUSY', 'OutputBusy'],
    ['EXDEV', 'OutputBusy'],
  ])('tells %s as the user error %s, naming the path', (code, name) => {
    const error = Object.assign(new Error(`${code}: failed`), { code, path: '/srv/site/.out.lock' });
    const described = describeWriteError(error, '/srv/site/out') as UserError;
    expect(described).toBeInstanceOf(UserError);
    expect(described.name).toBe(name);
    expect(described.message).toMatch(/\/srv\/site\//);
    expect(described.hint).toBeTruthy();
  });

  it('leaves other failures internal', () => {
    const error = Object.assign(new Error('boom'), { code: 'EIO' });
    expect(describeWriteError(error, '/srv/out')).toBe(error);
  });
});
