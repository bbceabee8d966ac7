// Bundles the browser code with esbuild: the tracking runtime and the React client as hashed modules, the CSS minified for inlining.
import { build, type Metafile } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER_TARGETS, BROWSER_TARGETS_FILE } from './browser-targets.ts';

/** The page's code: the runtime and the view, the bundle's entries (page/README.md). */
const pageDir = fileURLToPath(new URL('../../../page/', import.meta.url));
/** The package's folder: esbuild's paths (the metafile's, the sources') are relative to it, wherever a build runs. */
const packageDir = fileURLToPath(new URL('../../../', import.meta.url));
/** This file: how it bundles is part of what a bundle is made from. */
const thisFile = fileURLToPath(import.meta.url);

/** A file the bundle adds to `assets/`. */
export interface AssetFile {
  /** Relative to `assets/`, content-hashed: `runtime-3FJ2K6QX.js`. */
  name: string;
  contents: Uint8Array;
}

export interface Bundle {
  /** Asset names of the entries, read from esbuild's metafile. */
  entries: { runtime: string; client: string };
  /** Asset names of the chunks the runtime imports statically: pages fetch them beside it, not after it. */
  runtimeImports: string[];
  /** Every output: entries and the chunks they share or load lazily. */
  files: AssetFile[];
  /** The page CSS, minified, for a `<style>` element. */
  css: string;
  /** The plain routes' inline script (page/runtime/language-redirect.ts), minified. */
  languageRedirect: string;
  metafile: Metafile;
  /** Every file the bundle was made from, absolute: its code, styles and packages, this module and its targets'. */
  sources: string[];
}

/**
 * Chromium's explicit compile hint: every function in the file is compiled with the script,
 * on a background thread while it streams in, instead of lazily on the main thread the first
 * time it is called. Our scripts run whole at load (the runtime) or at hydration (React DOM),
 * so this takes most of React DOM's compiling off the main thread before the first
 * interaction. Other browsers read a comment.
 */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Bundles the two browser entries, the inline script and the page CSS. Nothing is written to disk. */
export async function bundleRuntime(): Promise<Bundle> {
  const [result, css, languageRedirect] = await Promise.all([
    build({
      absWorkingDir: packageDir,
      entryPoints: {
        runtime: path.join(pageDir, 'runtime/index.ts'),
        client: path.join(pageDir, 'view/entry-client.tsx'),
      },
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      target: BROWSER_TARGETS,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      outdir: '/assets',
      write: false,
      metafile: true,
      legalComments: 'none',
      banner: { js: EAGER_COMPILE_HINT },
      logLevel: 'silent',
    }),
    build({
      absWorkingDir: packageDir,
      entryPoints: [path.join(pageDir, 'view/styles/index.css')],
      bundle: true,
      minify: true,
      target: BROWSER_TARGETS,
      write: false,
      metafile: true,
      legalComments: 'none',
      logLevel: 'silent',
    }),
    build({
      absWorkingDir: packageDir,
      entryPoints: [path.join(pageDir, 'runtime/language-redirect.ts')],
      metafile: true,
      bundle: true,
      format: 'iife',
      minify: true,
      target: BROWSER_TARGETS,
      write: false,
      legalComments: 'none',
      logLevel: 'silent',
    }),
  ]);

  const entries = { runtime: '', client: '' };
  let runtimeOutput = '';
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    const name = path.basename(output);
    if (meta.entryPoint?.endsWith('runtime/index.ts')) [entries.runtime, runtimeOutput] = [name, output];
    if (meta.entryPoint?.endsWith('entry-client.tsx')) entries.client = name;
  }
  return {
    entries,
    runtimeImports: staticImports(result.metafile, runtimeOutput).map((output) => path.basename(output)),
    files: result.outputFiles.map((file) => ({ name: path.basename(file.path), contents: file.contents })),
    css: css.outputFiles[0]!.text.trim(),
    languageRedirect: languageRedirect.outputFiles[0]!.text.trim(),
    metafile: result.metafile,
    sources: [...new Set([result, css, languageRedirect].flatMap((output) => Object.keys(output.metafile.inputs)))]
      .map((input) => path.join(packageDir, input))
      .concat(thisFile, BROWSER_TARGETS_FILE),
  };
}

/** The outputs `output` imports statically, directly or through another: what must arrive before it runs. Dynamic imports are left out. */
export function staticImports(metafile: Metafile, output: string): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || found.has(imported.path)) continue;
      found.add(imported.path);
      visit(imported.path);
    }
  };
  visit(output);
  return [...found];
}
