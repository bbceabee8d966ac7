// The Debian packages of the tests and the pinned environment: one list, read by .ci/run, .ci/Dockerfile and
// `npm test`, whose installer installs what is missing as root or stops with the exact command.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript run by node before anything is installed, without types.
import { findMissing, LIST_FILE, parsePackageList, planInstall } from '../../../.ci/system-packages.mjs';
import { repoRoot, temporaryDir } from '../../helpers.ts';

const packages: string[] = parsePackageList(await readFile(LIST_FILE, 'utf8'));

describe('.ci/system-packages.txt', () => {
  it('names what every test of `npm test` starts, and the fonts the screenshot baselines are drawn with', () => {
    for (const name of [
      'chromium',
      'chromium-headless-shell',
      'nginx-light',
      'libnginx-mod-http-js',
      'fonts-noto-cjk',
      'fonts-liberation',
      'fonts-dejavu-core',
      'webkit2gtk-driver',
      'xvfb',
      'locales',
    ]) {
      expect(packages).toContain(name);
    }
  });

  it('is the one list: .ci/run, the container and `npm test` each run its installer', async () => {
    const read = (file: string) => readFile(path.join(repoRoot, file), 'utf8');
    expect(await read('.ci/run')).toMatch(/^node \.ci\/system-packages\.mjs &$/m);
    const dockerfile = await read('.ci/Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:\d+-bookworm-slim$/m);
    expect(dockerfile).toContain('COPY .ci/system-packages.txt .ci/system-packages.mjs /opt/store-landing-ci/');
    expect(dockerfile).toContain('RUN node /opt/store-landing-ci/system-packages.mjs');
    expect(JSON.parse(await read('package.json')).scripts.pretest).toMatch(/^node \.ci\/system-packages\.mjs && /);
  });
});

describe('the installer', () => {
  it('finds the packages dpkg does not report installed', () => {
    const query = () => 'chromium installed\nxvfb not-installed\nfonts-noto-cjk config-files\n';
    expect(findMissing(['chromium', 'xvfb', 'fonts-noto-cjk', 'nginx-light'], query)).toEqual(['xvfb', 'fonts-noto-cjk', 'nginx-light']);
    expect(findMissing(['chromium'], () => undefined)).toBeUndefined();
  });

  it('installs as root with apt, else stops with the exact command, and without dpkg points at the container', () => {
    expect(planInstall([], { root: false, hasApt: true })).toEqual({ action: 'none' });
    expect(planInstall(['chromium', 'xvfb'], { root: true, hasApt: true })).toEqual({ action: 'install', packages: ['chromium', 'xvfb'] });
    expect(planInstall(['chromium', 'xvfb'], { root: false, hasApt: true })).toEqual({
      action: 'stop',
      message:
        'The tests need Debian packages that are missing: chromium, xvfb. Install them, then run the tests again:\n  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium xvfb',
    });
    expect(planInstall(undefined, { root: false, hasApt: false }).message).toContain(
      'docker build -t store-landing-ci -f .ci/Dockerfile .',
    );
  });

  it('run as root, calls apt-get to install exactly the missing packages, and exits 0 when nothing is missing', async () => {
    const bin = await temporaryDir();
    const calls = path.join(bin, 'calls');
    // dpkg-query reports everything but fonts-noto-cjk installed; apt-get only records how it was called.
    await writeFile(
      path.join(bin, 'dpkg-query'),
      `#!/bin/sh\nshift 2\nfor p in "$@"; do [ "$p" = fonts-noto-cjk ] && echo "$p not-installed" || echo "$p installed"; done\n`,
    );
    await writeFile(path.join(bin, 'apt-get'), `#!/bin/sh\necho "$@" >> '${calls}'\n`);
    await Promise.all(['dpkg-query', 'apt-get'].map((name) => chmod(path.join(bin, name), 0o755)));
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    const script = path.join(repoRoot, '.ci/system-packages.mjs');
    if (process.getuid?.() === 0) {
      await promisify(execFile)(process.execPath, [script], { env });
      expect((await readFile(calls, 'utf8')).trim().split('\n')).toEqual([
        '--version',
        'update -qq',
        'install -y -qq --no-install-recommends fonts-noto-cjk',
      ]);
    } else {
      const run = promisify(execFile)(process.execPath, [script], { env });
      await expect(run).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('sudo apt-get install -y --no-install-recommends fonts-noto-cjk'),
      });
    }
  });
});

describe('.ci/run', () => {
  /**
   * Runs a copy of .ci/run whose installer, `npm` and CLI only log what they do, and returns its
   * exit code and the log. The installer ends half a second after `npm ci` has started, or after
   * 10 s: run one after the other, npm would start only after that wait, and log after it ends.
   */
  async function runCi({ packagesExit = 0, npmCiExit = 0 } = {}) {
    const dir = await temporaryDir();
    const log = path.join(dir, 'log');
    await Promise.all(['.ci', 'bin', 'path'].map((folder) => mkdir(path.join(dir, folder))));
    await copyFile(path.join(repoRoot, '.ci/run'), path.join(dir, '.ci/run'));
    await writeFile(
      path.join(dir, '.ci/system-packages.mjs'),
      `import { appendFileSync, readFileSync } from 'node:fs';
appendFileSync(process.env.CI_LOG, 'packages start\\n');
for (const deadline = Date.now() + 10_000; !readFileSync(process.env.CI_LOG, 'utf8').includes('npm ci') && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
await new Promise((resolve) => setTimeout(resolve, 500));
appendFileSync(process.env.CI_LOG, 'packages end\\n');
process.exitCode = ${packagesExit};
`,
    );
    await writeFile(
      path.join(dir, 'bin/store-landing.js'),
      `import { appendFileSync } from 'node:fs';\nappendFileSync(process.env.CI_LOG, 'warm build\\n');\n`,
    );
    await writeFile(path.join(dir, 'path/npm'), `#!/bin/sh\necho "npm $1" >> "$CI_LOG"\n[ "$1" != ci ] || exit ${npmCiExit}\n`);
    await chmod(path.join(dir, 'path/npm'), 0o755);
    const env = { ...process.env, CI_LOG: log, PATH: `${path.join(dir, 'path')}:${process.env.PATH}` };
    // When bash exits, not when its output closes: a background installer would hold that open.
    const child = spawn('bash', [path.join(dir, '.ci/run')], { env, stdio: 'ignore' });
    const [code] = (await once(child, 'exit')) as [number];
    return { code, log: (await readFile(log, 'utf8')).trim().split('\n') };
  }

  it('installs the system packages while npm installs and the cache warms, and runs the tests once both are done', async () => {
    const { code, log } = await runCi();
    expect(code).toBe(0);
    expect([...log].sort()).toEqual(['npm ci', 'npm test', 'packages end', 'packages start', 'warm build']);
    expect(log.indexOf('npm ci')).toBeLessThan(log.indexOf('packages end'));
    expect(log.at(-1)).toBe('npm test');
  });

  it('stops before the tests when the packages could not be installed, and never leaves the installer running', async () => {
    const failed = await runCi({ packagesExit: 1 });
    expect(failed.code).toBe(1);
    expect([...failed.log].sort()).toEqual(['npm ci', 'packages end', 'packages start', 'warm build']);
    // npm failing first: the run ends with npm's code, once the installer has finished.
    const npmFailed = await runCi({ npmCiExit: 3 });
    expect(npmFailed.code).toBe(3);
    expect([...npmFailed.log].sort()).toEqual(['npm ci', 'packages end', 'packages start']);
  });
});
