// The nginx steps of docs/deploy.md, followed as written on a copy of Debian's stock /etc/nginx (its default
// site enabled), serving a fake build.
import type { ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { hostFiles } from '../../generator/hosts/index.ts';
import { repoRoot } from '../helpers.ts';
import { BROTLI_STATIC, freePort, get, listensOnIpv6, NGINX, NJS, requireInstalled, startNginx, testConfig } from './nginx-run.ts';
import { ASSET, notFoundMarker, pageMarker, SITE, writeOutput } from './site.ts';

const STOCK = '/etc/nginx';
/** Where the guide's server block finds the build. */
const GUIDE_ROOT = '/srv/landing';
/** The files of the packages the guide installs: the test follows its steps where they are installed. */
const PACKAGES: Record<string, string> = {
  'nginx-light': NGINX,
  'libnginx-mod-http-js': NJS,
  'libnginx-mod-http-brotli-static': BROTLI_STATIC,
};

// `npm test` installs these first (.ci/system-packages.mjs); run on its own without them, the file fails at once and says what to install.
requireInstalled([NGINX, NJS, BROTLI_STATIC, `${STOCK}/sites-available/default`]);

/** One step of the guide's nginx block. */
type Step =
  | { kind: 'install'; packages: string[] }
  | { kind: 'remove'; file: string }
  | { kind: 'write'; file: string; lines: string[] }
  | { kind: 'check-and-reload' };

/** The deploy guide, whose nginx steps this file follows. */
const GUIDE = 'docs/deploy.md';

/** The guide's nginx block as steps; a command the test cannot follow fails it, so the guide cannot drift from what is run. */
function guideSteps(): Step[] {
  const guide = readFileSync(path.join(repoRoot, GUIDE), 'utf8');
  const block = /```sh\n((?:(?!```)[\s\S])*\/etc\/nginx\/sites-enabled\/(?:(?!```)[\s\S])*)```/.exec(guide)?.[1];
  if (!block) throw new Error(`${GUIDE} has no sh block that writes into /etc/nginx/sites-enabled/`);
  const lines = block.split('\n');
  const steps: Step[] = [];
  for (let i = 0; i < lines.length; i++) {
    const command = lines[i]!.replace(/\s+#.*$/, '').trim();
    let match: RegExpExecArray | null;
    if (!command || command.startsWith('#')) continue;
    if ((match = /^apt-get install (.+)$/.exec(command))) steps.push({ kind: 'install', packages: match[1]!.split(/\s+/) });
    else if ((match = /^rm (\/etc\/nginx\/\S+)$/.exec(command))) steps.push({ kind: 'remove', file: match[1]! });
    else if ((match = /^cat > (\/etc\/nginx\/\S+) <<'EOF'$/.exec(command))) {
      const end = lines.indexOf('EOF', i);
      steps.push({ kind: 'write', file: match[1]!, lines: lines.slice(i + 1, end) });
      i = end;
    } else if (command === 'nginx -t && systemctl reload nginx') steps.push({ kind: 'check-and-reload' });
    else throw new Error(`${GUIDE}'s nginx block has a step this test cannot follow: ${command}`);
  }
  return steps;
}

/**
 * A copy of Debian's /etc/nginx in a temporary folder, as nginx-common installs it (its default
 * site enabled), with every path it names moved into the copy and port 80 changed to `port`.
 * The module lines stay links to Debian's own, so the copy loads the modules Debian enabled.
 */
function copyStockConfig(folder: string, port: number, ipv6: boolean): string {
  const etc = path.join(folder, 'etc');
  cpSync(STOCK, etc, { recursive: true, verbatimSymlinks: true });
  // The stock link points into /etc/nginx: the copy's must point at the copy.
  const defaultSite = path.join(etc, 'sites-enabled/default');
  if (existsSync(defaultSite) || isLink(defaultSite)) unlinkSync(defaultSite);
  symlinkSync(path.join(etc, 'sites-available/default'), defaultSite);
  for (const file of filesUnder(etc)) {
    const text = readFileSync(file, 'utf8');
    const moved = inCopy(text, folder, port, ipv6);
    if (moved !== text) writeFileSync(file, moved);
  }
  return etc;
}

/** `text` of a config with /etc/nginx, the pid and the logs in `folder`, and port 80 as `port`. */
function inCopy(text: string, folder: string, port: number, ipv6: boolean): string {
  const moved = text
    .replaceAll(`${STOCK}/`, `${folder}/etc/`)
    .replaceAll('/run/nginx.pid', `${folder}/nginx.pid`)
    .replaceAll('/var/log/nginx/', `${folder}/`)
    .replace(/^(\s*listen\s+(?:\[::\]:)?)80(\s|;)/gm, `$1${port}$2`);
  // Without IPv6 in this container nginx could not bind [::]: those lines go, in Debian's site and in ours alike.
  return ipv6 ? moved : moved.replace(/^\s*listen\s+\[::\]:.*\n/gm, '');
}

/** A file the guide names under /etc/nginx, in the copy at `etc`: never the machine's own. */
function inTheCopy(file: string, etc: string): string {
  const target = path.resolve(etc, path.relative(STOCK, file));
  if (!target.startsWith(etc + path.sep)) throw new Error(`${GUIDE}'s nginx block names ${file}, outside ${STOCK}/`);
  return target;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

describe("the nginx steps of docs/deploy.md on Debian's stock config", () => {
  let out: string;
  let ipv6: boolean;
  let nginx: ChildProcess | undefined;
  const folders: string[] = [];

  beforeAll(async () => {
    out = writeOutput(hostFiles(SITE));
    folders.push(out);
    ipv6 = await listensOnIpv6();
    return () => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  });

  afterEach(() => {
    nginx?.kill();
    nginx = undefined;
  });

  /**
   * Follows the guide's steps on a fresh copy of the stock config: `brotli` false leaves the
   * brotli module and its line out, as the guide says to where it is not installed.
   */
  async function install(brotli: boolean, skip: Step['kind'][] = []) {
    const folder = mkdtempSync(path.join(tmpdir(), 'store-landing-debian-'));
    folders.push(folder);
    const port = await freePort();
    const etc = copyStockConfig(folder, port, ipv6);
    if (!brotli) {
      for (const file of readdirSync(path.join(etc, 'modules-enabled')).filter((name) => name.includes('brotli')))
        unlinkSync(path.join(etc, 'modules-enabled', file));
    }
    const args = ['-c', path.join(etc, 'nginx.conf'), '-g', 'daemon off; master_process off;'];
    let check: ReturnType<typeof testConfig> | undefined;
    for (const step of guideSteps().filter((candidate) => !skip.includes(candidate.kind))) {
      if (step.kind === 'install') {
        for (const name of step.packages.filter((name) => brotli || !name.includes('brotli'))) {
          expect(PACKAGES[name], `the guide installs ${name}: which file of it should the test look for?`).toBeDefined();
          expect(existsSync(PACKAGES[name]!), `${name} is not installed (${PACKAGES[name]})`).toBe(true);
        }
      } else if (step.kind === 'remove') {
        unlinkSync(inTheCopy(step.file, etc));
      } else if (step.kind === 'write') {
        const lines = step.lines.filter((line) => brotli || !line.includes('brotli'));
        writeFileSync(inTheCopy(step.file, etc), inCopy(lines.join('\n') + '\n', folder, port, ipv6).replaceAll(GUIDE_ROOT, out));
      } else {
        check = testConfig(args);
      }
    }
    return {
      port,
      args,
      check: check!,
      log: () => (existsSync(path.join(folder, 'error.log')) ? readFileSync(path.join(folder, 'error.log'), 'utf8') : ''),
    };
  }

  /** Follows the guide and checks what a visitor gets: the site, in their language, its 404s, the assets' twins. */
  async function checkSite(brotli: boolean) {
    const { port, args, check, log } = await install(brotli);
    expect(check.ok, check.output).toBe(true);
    expect(check.output, check.output).not.toMatch(/\[(warn|emerg|alert|crit)\]/);
    nginx = await startNginx(args, port, log);
    const home = await get(port, '/', {});
    expect(home.body).not.toContain('Welcome to nginx!');
    expect(home.body.startsWith(pageMarker('/', 'en', '')), home.body.slice(0, 200)).toBe(true);
    expect(
      (await get(port, '/feature1?utm_source=x', { 'Accept-Language': 'de-DE,de;q=0.9' })).body.startsWith(
        pageMarker('/', 'de', 'feature1'),
      ),
    ).toBe(true);
    const notFound = await get(port, '/de/nope', {});
    expect(notFound.status).toBe(404);
    expect(notFound.body.startsWith(notFoundMarker('/', 'de'))).toBe(true);
    const asset = await get(port, `/${ASSET}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(asset.headers['content-encoding']).toBe(brotli ? 'br' : 'gzip');
    expect(asset.headers.vary).toBe('Accept-Encoding');
  }

  test('as written: nginx -t passes without a warning and the store-landing site answers, not "Welcome to nginx!"', () => checkSite(true));

  test('without the brotli module, its line left out as the guide says: the same, assets as their gzip twins', () => checkSite(false));

  test('skipping the removal of the default site fails `nginx -t` (two default servers) instead of serving "Welcome to nginx!"', async () => {
    const { check } = await install(false, ['remove']);
    expect(check.ok).toBe(false);
    expect(check.output).toMatch(/duplicate default server/);
  });
});
