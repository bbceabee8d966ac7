// Compiles the TypeScript CLI (generator/cli/index.ts and all it imports, the page's view included) to plain
// JavaScript in dist/ with esbuild.
// @ts-check
//
// Run by `npm install` (the `prepare` script), `npm pack` and `npm publish` (`prepack`: the package
// ships the compiled CLI) and `npm test` (`pretest`); bin/store-landing.js
// also runs it when a source is newer than the last compile, so the TypeScript stays the only
// source of truth and a checkout never runs stale JavaScript. Plain JavaScript itself, so it
// needs nothing but esbuild.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The package's root folder. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Where the compiled CLI goes (gitignored). */
export const DIST = path.join(ROOT, 'dist');
/** What the last compile read, and when: bin/store-landing.js compares the sources' times with it. */
export const STAMP_FILE = 'inputs.json';

/**
 * Modules find files of the package by their own location (`new URL('../../page/',
 * import.meta.url)`): once bundled, `import.meta.url` would be the bundle's. This plugin
 * gives every source module of the package the URL of its own source file instead, relative
 * to the bundle, so the package still works wherever it is moved or installed.
 * @param {string} outdir
 * @returns {import('esbuild').Plugin}
 */
function sourceLocations(outdir) {
  return {
    name: 'source-locations',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
        // The package's own sources only, not a dependency's: installed, the package itself lives under a
        // node_modules folder, so only the part of the path below the package's root tells.
        const below = path.relative(ROOT, args.path);
        const inside = !below.startsWith('..') && !path.isAbsolute(below);
        if ((inside ? below : args.path).split(path.sep).includes('node_modules')) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const location = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', location), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** The module of the config's ajv validators, which compiles them when run from source. */
const VALIDATORS = path.join(ROOT, 'generator/config/schema-validators.ts');

/**
 * Puts ajv's standalone code of the config's validators in place of VALIDATORS: the CLI loads
 * them precompiled instead of compiling the schema at every start, which was a large part of
 * `validate`'s time. The code comes from VALIDATORS itself (standaloneSource), bundled
 * and run once per compile; `inputs` gains the files it was made from.
 * @param {string} outdir
 * @param {Set<string>} inputs
 * @returns {import('esbuild').Plugin}
 */
function precompiledValidators(outdir, inputs) {
  return {
    name: 'precompiled-validators',
    setup(builder) {
      builder.onLoad({ filter: /schema-validators\.ts$/ }, async (args) => {
        if (args.path !== VALIDATORS) return undefined;
        const { build } = await import('esbuild');
        const result = await build({
          absWorkingDir: ROOT,
          entryPoints: [VALIDATORS],
          bundle: true,
          format: 'esm',
          platform: 'node',
          target: 'node20',
          packages: 'external',
          write: false,
          metafile: true,
          logLevel: 'warning',
        });
        for (const input of Object.keys(result.metafile.inputs)) inputs.add(input);
        // Inside the package, so that its imports of ajv resolve from the package's node_modules.
        const runnable = path.join(outdir, `schema-validators.${process.pid}.tmp.mjs`);
        mkdirSync(outdir, { recursive: true });
        writeFileSync(runnable, result.outputFiles[0].contents);
        try {
          const { standaloneSource } = await import(pathToFileURL(runnable).href);
          return { contents: standaloneSource(), loader: 'js', resolveDir: path.dirname(VALIDATORS) };
        } finally {
          rmSync(runnable, { force: true });
        }
      });
    },
  };
}

/**
 * Bundles `entries` (name -> path relative to the root) and everything they import but the
 * packages left external into ES modules in `outdir` (inside the package, so packages resolve from its
 * node_modules), a file per entry and shared chunks beside them; returns the files written
 * and the source files read.
 * @param {{ entries: Record<string, string>, outdir: string }} options
 */
export async function bundleModules({ entries, outdir }) {
  // Loaded here: bin/store-landing.js imports this module for isStale() on every start.
  const { build } = await import('esbuild');
  const validatorInputs = new Set();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Written here, not only in tsconfig.json, which esbuild ignores for files under node_modules: an installed copy.
    jsx: 'automatic',
    // Packages of plain JavaScript are bundled too: a command then loads a few files instead of
    // hundreds, which shortens every command's start. Those with native parts or files
    // of their own stay in node_modules: sharp, esbuild, braintree-web (served as it is),
    // and the screenshot packages, which only `screenshots` loads, and only when installed.
    external: ['sharp', 'esbuild', 'braintree-web', 'puppeteer', 'pixelmatch'],
    // Their ES module builds: jsonc-parser's CommonJS one is UMD, whose requires esbuild cannot follow.
    mainFields: ['module', 'main'],
    // The CommonJS packages among them require Node's modules, which an ES module does through createRequire.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Whitespace only, as tsx did: the host adapters embed functions by their source text
    // (generator/hosts/embed.ts), which must keep its names; stack traces map back through the source maps.
    minifyWhitespace: true,
    sourcemap: 'linked',
    sourcesContent: false,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [precompiledValidators(outdir, validatorInputs), sourceLocations(outdir)],
  });
  mkdirSync(outdir, { recursive: true });
  // Each file through a temporary name: a command starting meanwhile never reads half a file.
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const inputs = new Set([...Object.keys(result.metafile.inputs), ...validatorInputs]);
  return { written: result.outputFiles.map((file) => file.path), inputs: [...inputs] };
}

/** Files of earlier compiles younger than this stay: a command started just before may still import them. */
const STALE_AFTER_MS = 60_000;

/**
 * Compiles the CLI into dist/. With `clean`, files of earlier compiles (chunks of other
 * hashes) are deleted once they are a minute old, or at once with `pack` (`npm pack` ships
 * only this compile); the automatic recompile of bin/store-landing.js leaves them, as
 * commands running meanwhile may still need them.
 * @param {{ clean?: boolean, pack?: boolean }} [options]
 */
export async function compileCli({ clean = false, pack = false } = {}) {
  const compiledAt = Date.now();
  const { written, inputs } = await bundleModules({ entries: { cli: 'generator/cli/index.ts' }, outdir: DIST });
  if (clean) {
    const keep = new Set([...written.map((file) => path.basename(file)), STAMP_FILE]);
    for (const name of readdirSync(DIST)) {
      const file = path.join(DIST, name);
      if (!keep.has(name) && (pack || compiledAt - statSync(file).mtimeMs > STALE_AFTER_MS)) rmSync(file, { force: true });
    }
  }
  const stamp = path.join(DIST, STAMP_FILE);
  writeFileSync(`${stamp}.${process.pid}.tmp`, JSON.stringify({ compiledAt, inputs }));
  renameSync(`${stamp}.${process.pid}.tmp`, stamp);
}

/**
 * Whether this copy of the package was installed by npm (it sits in a node_modules folder): then
 * its sources are never edited, npm gives them the time of the install, and the compile it
 * ships (built by `prepack`) is the one to run. A checkout linked with `npm link` is not: Node
 * runs it from its real place.
 */
const INSTALLED = ROOT.split(path.sep).includes('node_modules');

/**
 * True when dist/ holds no compile, or (in a checkout) a file it was compiled from changed
 * since or is gone (a stat per file).
 */
export function isStale() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(DIST, STAMP_FILE), 'utf8'));
  } catch {
    return true;
  }
  if (INSTALLED) return false;
  return stamp.inputs.some((/** @type {string} */ input) => {
    try {
      return statSync(path.join(ROOT, input)).mtimeMs > stamp.compiledAt;
    } catch {
      return true;
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await compileCli({ clean: true, pack: process.argv.includes('--pack') });
}
