// The command line's output rules by table: colours per stream, the progress line, the JSON of failures, the
// missing-package message, listen errors.
import { writeFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { BuildProgress } from '../../../generator/pipeline/index.ts';
import { installSpec, isInstalled, requirePackages } from '../../../generator/cli/optional-packages.ts';
import { listenError } from '../../../generator/cli/listen.ts';
import { colorsFor, outputMode, Writer } from '../../../generator/cli/output.ts';
import { describeProgress, progressLine } from '../../../generator/cli/progress.ts';
import { failureJson } from '../../../generator/cli/report.ts';
import { formatBytes, table } from '../../../generator/cli/summary.ts';
import { codeFrame } from '../../../generator/dev/problems.ts';
import { ConfigError, ConfigNotFound, UserError } from '../../../generator/shared/errors.ts';
import { temporaryDir } from '../../helpers.ts';

describe('colorsFor', () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [true, { NO_COLOR: '1' }, false],
    [true, { NO_COLOR: '' }, true],
    [false, { FORCE_COLOR: '1' }, true],
    [false, { FORCE_COLOR: '' }, true],
    [true, { FORCE_COLOR: '0' }, false],
    [true, { FORCE_COLOR: 'false' }, false],
    [false, { FORCE_COLOR: '3', NO_COLOR: '1' }, true],
    [true, { TERM: 'dumb' }, false],
  ])('a stream with isTTY %s and env %j: %s', (isTTY, env, expected) => {
    expect(colorsFor({ isTTY }, env)).toBe(expected);
  });

  it('lets stdout and stderr decide on their own', () => {
    const terminal = new Writer({ isTTY: true, write: () => true } as never, {});
    const file = new Writer({ isTTY: false, write: () => true } as never, {});
    expect(terminal.paint('red', 'x')).toBe('\x1b[31mx\x1b[39m');
    expect(file.paint('red', 'x')).toBe('x');
  });
});

describe('outputMode', () => {
  it.each([
    [['build', '--json'], { json: true, jsonLines: false, debug: false }],
    [['--debug', 'dev', '--json'], { json: true, jsonLines: true, debug: true }],
    [['dev'], { json: false, jsonLines: false, debug: false }],
  ])('%j', (args, expected) => {
    expect(outputMode(['node', 'store-landing', ...args])).toEqual(expected);
  });
});

const progress = (overrides: Partial<BuildProgress>): BuildProgress => ({
  stage: 'render',
  campaignsDone: 0,
  campaigns: 1,
  pagesDone: 0,
  pages: 20,
  images: { encoded: 0, cached: 0 },
  ...overrides,
});

describe('the progress line', () => {
  it('says what is under way, with counts', () => {
    expect(describeProgress(progress({ stage: 'bundle' }))).toBe('Bundling the runtime…');
    expect(describeProgress(progress({ images: { encoded: 37, cached: 12 } }))).toBe(
      'Rendering 0/20 pages · encoding images: 37 encoded, 12 from the cache',
    );
    expect(describeProgress(progress({ campaigns: 50, campaignsDone: 3, pagesDone: 60, pages: 1000 }))).toBe(
      'Rendering 60/1000 pages · campaign 4/50 · images: 0 from the cache',
    );
  });

  it('redraws one line in place on a terminal, at most every 125 ms, and erases it at the end', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const line = progressLine({ isTTY: true, columns: 80, write: (text: string) => writes.push(text) }, true);
    const images = { encoded: 0, cached: 0 };
    line.update(progress({ images }));
    for (let i = 1; i <= 100; i++) {
      images.encoded = i;
      line.update(progress({ images }));
    }
    vi.advanceTimersByTime(130);
    line.clear();
    vi.useRealTimers();
    expect(writes).toEqual([
      '\r\x1b[2KRendering 0/20 pages · images: 0 from the cache',
      '\r\x1b[2KRendering 0/20 pages · encoding images: 100 encoded, 0 from the cache',
      '\r\x1b[2K',
    ]);
  });

  it('writes nothing off a terminal, or when turned off (--json)', () => {
    const writes: string[] = [];
    const stream = { isTTY: false, write: (text: string) => writes.push(text) };
    progressLine(stream, true).update(progress({}));
    progressLine({ ...stream, isTTY: true }, false).update(progress({}));
    expect(writes).toEqual([]);
  });
});

describe('the build table', () => {
  it('formats sizes and aligns columns, painting the header after laying it out', () => {
    expect([formatBytes(870), formatBytes(12_595), formatBytes(4_718_592)]).toEqual(['870 B', '12.3 KB', '4.5 MB']);
    expect(
      table(
        ['Route', 'Size'],
        [
          ['/', '1 KB'],
          ['/feature1', '2 KB'],
        ],
        (text) => `<${text}>`,
      ),
    ).toEqual(['<  Route       Size>', '  /           1 KB', '  /feature1   2 KB']);
  });
});

describe('failureJson', () => {
  it('lists config problems with their hint, and names other errors', () => {
    const issue = { file: 'v.yaml', line: 3, column: 5, path: 'app.rating', message: 'expected a number' };
    expect(failureJson(new ConfigError([issue]))).toEqual({
      ok: false,
      problems: [{ ...issue, hint: expect.stringContaining('validate') }],
    });
    expect(failureJson(ConfigNotFound.create('x.yaml'))).toEqual({
      ok: false,
      error: { name: 'ConfigNotFound', message: 'Cannot read the config file x.yaml: it does not exist.', hint: ConfigNotFound.hint },
    });
    expect(failureJson(new UserError('Plain', 'no hint'))).toEqual({ ok: false, error: { name: 'Plain', message: 'no hint', hint: null } });
    expect(failureJson(new TypeError('boom'))).toMatchObject({
      ok: false,
      error: { name: 'InternalError', message: 'store-landing failed unexpectedly: boom' },
    });
  });
});

describe('the packages only screenshots needs', () => {
  it('are found when installed, and named with the tested version to install when missing', () => {
    expect(isInstalled('puppeteer')).toBe(true);
    expect(isInstalled('no-such-package-store-landing')).toBe(false);
    expect(installSpec('puppeteer', { devDependencies: { puppeteer: '24.43.1' }, peerDependencies: { puppeteer: '^24.43.1' } })).toBe(
      'puppeteer@24.43.1',
    );
    expect(installSpec('pixelmatch', { peerDependencies: { pixelmatch: '^7.2.0' } })).toBe('pixelmatch@^7.2.0');
    expect(() => requirePackages('screenshots', ['puppeteer', 'pixelmatch'], () => false)).toThrow(
      /needs puppeteer and pixelmatch, which are not installed\. Install with: npm install --save-dev puppeteer@24\.43\.1 pixelmatch@7\.2\.0$/,
    );
    expect(() => requirePackages('screenshots', ['puppeteer', 'pixelmatch'], () => true)).not.toThrow();
  });
});

describe('listenError', () => {
  it('makes a busy or refused port and a missing address user errors, and leaves others alone', () => {
    const failure = (code: string) => Object.assign(new Error(code), { code });
    expect(listenError(failure('EADDRINUSE'), '127.0.0.1', 4173)).toMatchObject({
      name: 'PortInUse',
      hint: expect.stringContaining('-p 0'),
    });
    expect(listenError(failure('EACCES'), '127.0.0.1', 80)).toMatchObject({ name: 'PortNotPermitted' });
    expect(listenError(failure('EADDRNOTAVAIL'), '10.9.9.9', 4173)).toMatchObject({ name: 'HostUnavailable' });
    const other = failure('EMFILE');
    expect(listenError(other, '127.0.0.1', 4173)).toBe(other);
  });
});

describe('codeFrame', () => {
  it('shows the lines around a problem with a caret under its column', async () => {
    const file = `${await temporaryDir()}/v.yaml`;
    writeFileSync(file, 'a: 1\nb: 2\nc: [3\nd: 4\ne: 5\nf: 6\n');
    expect(codeFrame(file, 3, 4)).toBe(['  1 | a: 1', '  2 | b: 2', '> 3 | c: [3', '    |    ^', '  4 | d: 4', '  5 | e: 5'].join('\n'));
    expect(codeFrame(file, 0, 0)).toBe('');
  });
});
