// Installs the Debian packages of .ci/system-packages.txt that are missing (as root with apt), or stops at
// once with the command that does; run before `npm test`, by .ci/run and by .ci/Dockerfile.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The list, one package a line; `#` starts a comment. */
export const LIST_FILE = fileURLToPath(new URL('system-packages.txt', import.meta.url));

/** The package names of the list's text. */
export function parsePackageList(text) {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/**
 * The packages dpkg does not report installed; undefined when there is no dpkg (not Debian).
 * @param query runs dpkg-query with these arguments and returns its output (tests pass a fake).
 */
export function findMissing(packages, query = queryDpkg) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax.
  const output = query(['-W', '-f=${Package} ${db:Status-Status}\n', ...packages]);
  if (output === undefined) return undefined;
  const installed = new Set(
    output
      .split('\n')
      .filter((line) => line.endsWith(' installed'))
      .map((line) => line.split(' ')[0]),
  );
  return packages.filter((name) => !installed.has(name));
}

/** What to do about the missing packages: nothing, install them, or stop with the command (and why). */
export function planInstall(missing, { root, hasApt }) {
  if (missing === undefined) {
    return {
      action: 'stop',
      message:
        'The tests need Debian packages (.ci/system-packages.txt) and this system has no dpkg. Run them in the pinned container:\n' +
        '  docker build -t store-landing-ci -f .ci/Dockerfile . && docker run --rm -v "$PWD:/work" -w /work store-landing-ci npm test',
    };
  }
  if (missing.length === 0) return { action: 'none' };
  const install = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (root && hasApt) return { action: 'install', packages: missing };
  return {
    action: 'stop',
    message: `The tests need Debian packages that are missing: ${missing.join(', ')}. Install them, then run the tests again:\n  sudo apt-get update && sudo ${install}`,
  };
}

function queryDpkg(args) {
  const result = spawnSync('dpkg-query', args, { encoding: 'utf8' });
  // dpkg-query exits 1 when a package is unknown to it, listing the others all the same.
  return result.error ? undefined : result.stdout;
}

function main() {
  const packages = parsePackageList(readFileSync(LIST_FILE, 'utf8'));
  const root = process.getuid?.() === 0;
  const hasApt = !spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).error;
  const plan = planInstall(findMissing(packages), { root, hasApt });
  if (plan.action === 'none') return 0;
  if (plan.action === 'stop') {
    console.error(plan.message);
    return 1;
  }
  console.error(`Installing the Debian packages the tests need: ${plan.packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...plan.packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      return 1;
    }
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
