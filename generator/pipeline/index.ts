// The build pipeline: load -> validate -> plan (check.ts) -> bundle -> per campaign: assemble -> render -> write (stages.ts).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../config/load.ts';
import { diskFiles, type ProjectFiles } from '../config/project-files.ts';
import { validateSite, type ValidSite } from './check.ts';
import type { BuildOptions, BuildResult } from './options.ts';

export type { BuildInputs, BuildOptions, BuildProgress, BuildResult, WrittenCampaign } from './options.ts';

/** Builds the selected campaigns of a config into `outDir`, atomically. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const files = options.files ?? diskFiles();
  const valid = options.valid ?? (await loadAndValidate(options.config, files));
  const validated = performance.now();
  // Loaded once the config is valid: an invalid one is refused without loading React, the
  // page's view, sharp and esbuild.
  const { buildValidSite } = await import('./stages.ts');
  return { ...(await buildValidSite(valid, options, { started, validated })), inputs: files.consulted() };
}

async function loadAndValidate(config: string, files: ProjectFiles): Promise<ValidSite> {
  // Asked before it is read: the config is among the inputs with the modification time it had then.
  files.isFile(path.resolve(config));
  return validateSite(await loadConfig(config), files);
}
