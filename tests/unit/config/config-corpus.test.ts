// Bad input of every kind through the CLI: exit 1, every expected message, no stack, and the previous build untouched.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { MAX_ALIAS_COUNT, parseConfig } from '../../../generator/config/load.ts';
import { MAX_CONFIG_BYTES } from '../../../generator/config/read-text.ts';
import { type ConfigError, type ConfigIssue, MAX_PRINTED_ISSUES } from '../../../generator/shared/errors.ts';
import {
  checkConfig,
  configIssues,
  copySiteFiles,
  expectedMessages,
  fixtureConfig,
  runCli,
  scenarios,
  snapshot,
  temporaryDir as createTemporaryDir,
} from '../../helpers.ts';

const baseConfig = fixtureConfig('base');
const baseText = readFileSync(baseConfig, 'utf8');

/** Temporary folders of this file, removed at the end (one holds a 10 MB file). */
const created: string[] = [];
async function temporaryDir(): Promise<string> {
  const dir = await createTemporaryDir();
  created.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A config file with `text` as its contents, alone in a new temporary folder. */
async function temporaryConfig(text: string | Uint8Array, name = 'variants.yaml'): Promise<string> {
  const file = path.join(await temporaryDir(), name);
  await writeFile(file, text);
  return file;
}

/** A config file with `text` as its contents, in a new temporary folder with the site fixture's images and locales. */
async function temporaryProject(text: string): Promise<string> {
  const file = await temporaryConfig(text);
  copySiteFiles(path.dirname(file));
  return file;
}

let outDir: string;
let previous: Record<string, string>;

beforeAll(async () => {
  outDir = path.join(await temporaryDir(), 'out');
  await buildSite({ config: baseConfig, outDir });
  previous = await snapshot(outDir);
  expect(Object.keys(previous)).toContain('index.html');
}, 120_000);

/** Runs `build` on a bad config into the folder holding the previous build, and checks what a user sees. */
async function expectRefusedBuild(config: string, expected: string[]) {
  const run = await runCli(['build', '-c', config, '-o', outDir]);
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  const lines = run.stderr.split('\n');
  expect(lines[0]).toBe(`The config has ${expected.length} problem${expected.length === 1 ? '' : 's'}:`);
  expect(lines.slice(1, 1 + expected.length)).toEqual(expected.map((line) => `  ${line}`));
  // No stack traces, no "Error:" prefixes, nothing but the list and the hint.
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr).not.toMatch(/\bError:/);
  expect(lines.slice(1 + expected.length).filter(Boolean)).toEqual([expect.stringContaining('store-landing validate')]);
  expect(await snapshot(outDir)).toEqual(previous);
  // Nothing half-written beside it either.
  expect(await readdir(path.dirname(outDir))).toEqual(['out']);
}

describe('the corpus of bad configs', () => {
  it(`has at least 30 scenarios (${scenarios.length})`, () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
  });

  it.concurrent.each(scenarios)('build -c %s exits 1 with its messages and leaves the previous output byte-identical', async (scenario) => {
    await expectRefusedBuild(`tests/fixtures/site/${scenario}.yaml`, expectedMessages(scenario));
  });
});

describe('files that are not configs at all', () => {
  it('refuses a 10 MB file before parsing it, with one message', async () => {
    // Valid YAML at the start, then 10 MB of lines that would each be a syntax error if it were parsed.
    const head = Buffer.from(baseText + '\n');
    const file = await temporaryConfig(Buffer.concat([head, Buffer.alloc(10 * 1024 * 1024 - head.length, '\t- not: [yaml\n')]));
    expect(Buffer.byteLength(readFileSync(file))).toBe(10 * 1024 * 1024);
    const started = performance.now();
    const expected = [
      `${file}:1:1 file too large: expected at most 1,048,576 bytes (1 MB), found 10,485,760 bytes (a config or locale file is a few KB; is it the right file?)`,
    ];
    expect(await configIssues(file)).toEqual(expected);
    expect(performance.now() - started).toBeLessThan(500);
    await expectRefusedBuild(file, expected);
  });

  it('refuses a named pipe or a device as the config at once, never reading it, in validate and build', async () => {
    // Nothing ever writes into the pipe: reading it would wait for ever, and /dev/zero never ends.
    const fifo = path.join(await temporaryDir(), 'variants.yaml');
    execFileSync('mkfifo', [fifo]);
    for (const [file, kind] of [
      [fifo, 'a named pipe (FIFO)'],
      ['/dev/zero', 'a character device'],
    ] as const) {
      const expected = [`${file}:1:1 not a regular file: expected a YAML or JSON file, found ${kind}`];
      expect(await configIssues(file)).toEqual(expected);
      await expectRefusedBuild(file, expected);
    }
  });

  it('refuses a named pipe as a locale file at once, at the file', async () => {
    const config = await temporaryProject(baseText);
    const german = path.join(path.dirname(config), 'locales/de.json');
    await rm(german);
    execFileSync('mkfifo', [german]);
    expect(await configIssues(config)).toEqual([
      `${path.relative(process.cwd(), german)}:1:1 not a regular file: expected a YAML or JSON file, found a named pipe (FIFO)`,
    ]);
  });

  it(`accepts a file of exactly ${MAX_CONFIG_BYTES} bytes and refuses one byte more`, async () => {
    const padded = baseText + '#'.repeat(MAX_CONFIG_BYTES - Buffer.byteLength(baseText));
    await expect(checkConfig(await temporaryProject(padded))).resolves.toBeDefined();
    const file = await temporaryConfig(padded + '#');
    expect(await configIssues(file)).toEqual([
      `${file}:1:1 file too large: expected at most 1,048,576 bytes (1 MB), found 1,048,577 bytes (a config or locale file is a few KB; is it the right file?)`,
    ]);
  });

  it(`stops a "billion laughs" alias bomb at ${MAX_ALIAS_COUNT} copies, in bounded time and memory`, async () => {
    // Twenty levels of ten aliases each: 10^20 copies if anything expanded it.
    const levels = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let i = 1; i < 20; i++)
      levels.push(
        `l${i}: &l${i} [${Array(10)
          .fill(`*l${i - 1}`)
          .join(', ')}]`,
      );
    const text = levels.join('\n') + '\napp: *l19\n';
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    let issues: ConfigIssue[] = [];
    try {
      parseConfig(text, 'bomb.yaml');
    } catch (error) {
      issues = (error as ConfigError).issues;
    }
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50 * 1024 * 1024);
    expect(issues).toEqual([
      {
        file: 'bomb.yaml',
        line: 2,
        column: 10,
        path: '',
        message: `aliases expand too far: expected at most ${MAX_ALIAS_COUNT} copies made by aliases (*name), found more (a "billion laughs" file?); write the values out instead`,
      },
    ]);
  });

  it('still allows aliases for repeated values', () => {
    const loaded = parseConfig('shots: &shots [a.svg, b.svg]\nagain: *shots\nmore: *shots\n', 'ok.yaml');
    expect(loaded.data).toEqual({ shots: ['a.svg', 'b.svg'], again: ['a.svg', 'b.svg'], more: ['a.svg', 'b.svg'] });
  });

  it('names a folder passed as the config', async () => {
    const run = await runCli(['build', '-c', 'tests/fixtures', '-o', outDir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Cannot read the config file tests/fixtures: it is a folder, not a file.');
    expect(await snapshot(outDir)).toEqual(previous);
  });

  it(`prints the first ${MAX_PRINTED_ISSUES} of thousands of problems, and how many more there are`, async () => {
    const text = baseText.replace('locales: [en, de]', `locales: [en, ${Array(3000).fill('x').join(', ')}]`);
    const file = await temporaryProject(text);
    const issues = await configIssues(file);
    // Each "x" is not a language tag; the list also repeats items.
    expect(issues.length).toBeGreaterThan(3000);
    const run = await runCli(['validate', '-c', file]);
    expect(run.code).toBe(1);
    const printed = run.stderr.split('\n').filter((line) => line.startsWith(`  ${file}:`));
    expect(printed).toHaveLength(MAX_PRINTED_ISSUES);
    expect(run.stderr).toContain(`  ... and ${issues.length - MAX_PRINTED_ISSUES} more`);
  });
});

describe('a UTF-8 byte order mark', () => {
  // Accepted silently: YAML 1.2 and JSON (RFC 8259) allow one at the start, Windows editors
  // write it, and refusing it would only make the user hunt for an invisible character.
  it('is accepted on the config and its locale files (tests/fixtures/site/valid-bom.yaml), and the build is the same as without', async () => {
    const bom = fixtureConfig('valid-bom');
    expect(readFileSync(bom).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(readFileSync(path.join(path.dirname(bom), 'valid-bom.locales/de.json')).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const { valid } = await checkConfig(bom);
    expect(valid.base.config.app.developer).toBe('Lumen Pixel Labs GmbH');
    const dir = path.join(await temporaryDir(), 'out');
    const result = await buildSite({ config: bom, outDir: dir });
    expect(result.pages).toBe(4);
    expect(readFileSync(path.join(dir, 'de/feature1/index.html'), 'utf8')).toContain('Bewertungen und Rezensionen');
  });

  it('does not count in columns on line 1', async () => {
    const file = await temporaryConfig('\uFEFFlocales: it\n');
    expect(await configIssues(file)).toContain(`${file}:1:10 locales: expected a list, found "it"`);
  });
});
