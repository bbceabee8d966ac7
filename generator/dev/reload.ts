// A fresh copy of the build pipeline after a change to the page's code: the server render imports
// page/view/*.tsx, and a loaded module never changes, so dev compiles and imports a new one.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { assertOwned, writeMarker } from '../shared/ownership.ts';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The build's entry points dev calls (pipeline.ts). */
export type Pipeline = typeof import('./pipeline.ts');

/** The package's root, and the page's code (page/), a change in which needs a fresh pipeline. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PAGE_DIR = path.join(ROOT, 'page');

/**
 * Inside the package, so the copy imports React, esbuild and the rest from the package's own
 * node_modules, like the CLI does. One folder per process, which dev removes when it closes.
 */
export const FRESH_PIPELINES_DIR = path.join(ROOT, 'node_modules', '.cache', 'store-landing', `dev-${process.pid}`);

/** What bin/compile.js offers (plain JavaScript, so typed here). */
interface Compiler {
  bundleModules(options: { entries: Record<string, string>; outdir: string }): Promise<{ written: string[]; inputs: string[] }>;
}

/** The pipeline as this process loaded it at start. */
export function loadedPipeline(): Promise<Pipeline> {
  return import('./pipeline.ts');
}

/** Compiles pipeline.ts and all it imports (the page's view included) afresh into its own folder, and imports that copy. */
export async function freshPipeline(generation: number): Promise<Pipeline> {
  const compiler = (await import(pathToFileURL(path.join(ROOT, 'bin', 'compile.js')).href)) as Compiler;
  await claimPipelinesDir();
  const outdir = path.join(FRESH_PIPELINES_DIR, String(generation));
  await compiler.bundleModules({ entries: { pipeline: 'generator/dev/pipeline.ts' }, outdir });
  return (await import(pathToFileURL(path.join(outdir, 'pipeline.js')).href)) as Pipeline;
}

/** Makes FRESH_PIPELINES_DIR dev's own (marked), or refuses a folder of that name dev did not write: dev removes it when it stops. */
async function claimPipelinesDir(): Promise<void> {
  await assertOwned(FRESH_PIPELINES_DIR, 'dev', "dev's fresh build pipelines");
  await mkdir(FRESH_PIPELINES_DIR, { recursive: true });
  writeMarker(FRESH_PIPELINES_DIR, 'dev');
}
