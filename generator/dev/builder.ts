// Dev's rebuilds: one warm build context kept between them, with only what a change touched thrown away, and only changed files written.
import path from 'node:path';
import { diskFiles } from '../config/project-files.ts';
import type { BuildContext } from '../pipeline/context.ts';
import type { BuildInputs, BuildProgress, BuildResult } from '../pipeline/index.ts';
import type { DocumentTemplate } from '../pipeline/render/slots.ts';
import type { OutputFile } from '../pipeline/output/write.ts';
import { freshPipeline, loadedPipeline, PAGE_DIR, type Pipeline } from './reload.ts';
import { ChangedFilesWriter } from './writer.ts';

export interface DevBuildOptions {
  config: string;
  outDir: string;
  /** Build this campaign of the config instead of the top level. */
  campaign?: string;
  onProgress?: (progress: BuildProgress) => void;
}

/**
 * A rebuild's outcome: the build and the output files it changed, or why it failed (the output
 * is then as before); either way what it read, as far as it got.
 */
export type RebuildOutcome = ({ ok: true; result: BuildResult; changedFiles: string[] } | { ok: false; error: unknown }) & {
  inputs: BuildInputs;
};

/**
 * A Map that, at each `sweep`, forgets what was neither read nor written since the last one:
 * the rendered page bodies of the last build stay for the next (a page whose props did not
 * change is not rendered again), older ones go.
 */
class SweptMap<K, V> extends Map<K, V> {
  private used = new Set<K>();

  override get(key: K): V | undefined {
    this.used.add(key);
    return super.get(key);
  }

  override set(key: K, value: V): this {
    this.used.add(key);
    return super.set(key, value);
  }

  sweep(): void {
    for (const key of this.keys()) if (!this.used.has(key)) this.delete(key);
    this.used = new Set();
  }
}

/**
 * Rebuilds one config into one folder. Kept warm between rebuilds: the runtime bundle (made
 * again only when page/ changes), each image's renditions (dropped only for the images
 * that changed), the rendered page bodies (reused wherever a page's props are unchanged), the
 * translators and the minified SDK. Each rebuild still loads and validates the whole config
 * and assembles every page: that is what makes an incremental build equal a full one.
 */
export class DevBuilder {
  private pipeline: Pipeline | undefined;
  private context: BuildContext | undefined;
  private readonly bodies = new SweptMap<string, DocumentTemplate>();
  private readonly writer = new ChangedFilesWriter();
  private generation = 0;

  constructor(private readonly options: DevBuildOptions) {}

  /** Builds, reusing what `changed` (absolute paths; none on the first build) did not touch. */
  async rebuild(changed: readonly string[] = []): Promise<RebuildOutcome> {
    const files = diskFiles();
    try {
      const pageChanged = changed.some((file) => !path.relative(PAGE_DIR, file).startsWith('..'));
      if (!this.pipeline || pageChanged) await this.loadPipeline(Boolean(this.pipeline));
      const context = await this.warmContext(pageChanged, changed);
      const result = await this.pipeline!.buildSite({
        config: this.options.config,
        outDir: this.options.outDir,
        campaign: this.options.campaign,
        context,
        files,
        write: this.writer.write,
        onProgress: this.options.onProgress,
      });
      this.bodies.sweep();
      return { ok: true, result, changedFiles: this.writer.changed, inputs: result.inputs };
    } catch (error) {
      return { ok: false, error, inputs: files.consulted() };
    }
  }

  /** Writes `files` as the whole output (a stand-in page while there has never been a good build). */
  async writePlaceholder(files: OutputFile[]): Promise<void> {
    await this.writer.write(this.options.outDir, files);
  }

  private async loadPipeline(fresh: boolean): Promise<void> {
    this.pipeline = fresh ? await freshPipeline(++this.generation) : await loadedPipeline();
  }

  /** The context for the next build: the kept one with what `changed` made stale dropped, or a new one around the kept image work. */
  private async warmContext(pageChanged: boolean, changed: readonly string[]): Promise<BuildContext> {
    const kept = this.context;
    if (!kept || pageChanged) {
      const configDir = path.dirname(path.resolve(this.options.config));
      this.context = this.pipeline!.createBuildContext(await this.pipeline!.bundleRuntime(), { configDir });
      // Image work does not depend on the page's code: keep it.
      if (kept) this.context.images = kept.images;
    }
    const context = this.context!;
    const touched = new Set(changed.map((file) => path.resolve(file)));
    // Memo keys are `role:absolute path` (image-roles.ts imageKey); a changed image is encoded again.
    for (const key of context.images.memo.keys()) if (touched.has(key.slice(key.indexOf(':') + 1))) context.images.memo.delete(key);
    context.images.stats = { encoded: 0, cached: 0 };
    // Documents are keyed by the config alone, not by the messages or image names they show: render them again.
    context.templates.clear();
    // Bodies are keyed by their props, which do not say which code of page/ rendered them.
    if (pageChanged) this.bodies.clear();
    context.bodies = this.bodies;
    return context;
  }
}
