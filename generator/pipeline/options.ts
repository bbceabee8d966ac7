// What a build is asked for and what it reports: buildSite's options, progress and result.
import type { ConsultedPath, ProjectFiles } from '../config/project-files.ts';
import type { ValidSite } from './check.ts';
import type { BuildContext } from './context.ts';
import type { ImageStats } from './images/images.ts';
import type { BuildSelection } from './plan.ts';
import type { Removal } from './output/remove.ts';
import type { writeOutput } from './output/write.ts';
import type { SiteEntry } from './site-root.ts';

export interface BuildOptions extends BuildSelection {
  /** The YAML config file. */
  config: string;
  /** The output folder; replaced whole. */
  outDir: string;
  /** Where encoded images are cached; default `.cache/images/` beside the config. */
  imageCacheDir?: string;
  /** Where compressed twins of the bundle and artwork are cached; default `.cache/compressed/` beside the config. */
  compressionCacheDir?: string;
  /** Told at each stage after loading and after each campaign, for a progress line; `images` counts on between calls. */
  onProgress?: (progress: BuildProgress) => void;
  /** A context kept from an earlier build of this config (`dev`): its bundle and image work are reused. */
  context?: BuildContext;
  /** `config` already validated and planned (validateSite), by a caller that needed it first: not loaded or checked again. */
  valid?: ValidSite;
  /** What validation reads the config's files through (`dev` gives its own, to learn what a failed build read). */
  files?: ProjectFiles;
  /** Writes the output instead of writeOutput (`dev` writes only the files that changed). */
  write?: typeof writeOutput;
  /**
   * How many threads render (and lay out) the campaigns, the parent writing what they build;
   * default: one per core when there are many distinct pages, else the build's own thread.
   * Output is byte for byte the same for every count.
   */
  jobs?: number;
}

/** How far a build has got. */
export interface BuildProgress {
  /** `clean`: removing what a killed build left beside the output (`removing` says how far). */
  stage: 'clean' | 'bundle' | 'render' | 'write';
  campaignsDone: number;
  campaigns: number;
  pagesDone: number;
  pages: number;
  /** The build's live image counts, updated as renditions are encoded or found in the cache. */
  images: ImageStats;
  /** At the `clean` stage: the folder being removed and how many of its files are gone. */
  removing?: Removal;
}

export interface BuildResult {
  outDir: string;
  campaigns: Array<{ name: string | null; dir: string; basePath: string; pages: number }>;
  pages: number;
  /** Bytes of every file written, compressed twins excluded. */
  bytes: number;
  /** Image renditions encoded by this build, and those found in the cache. */
  images: ImageStats;
  milliseconds: number;
  /**
   * Milliseconds of each stage: `bundle` is esbuild; `render` covers images, props and HTML;
   * `write` includes compression. Render and write take turns campaign by campaign; with
   * workers, `render` is the time the writer waited for them.
   */
  timings: { load: number; bundle: number; render: number; write: number };
  /**
   * What the build read: the config, each locale file and folder, each image (and each it looked for in
   * vain); none of these when given `valid`.
   */
  inputs: BuildInputs;
  /**
   * Each campaign folder as this build wrote it, for the summary. Not read back from the output:
   * by then another build into the same folder may have replaced it.
   */
  written: WrittenCampaign[];
}

/** A campaign folder as a build wrote it: its manifest, the bytes of its `assets` folder and of the runtime among them. */
export interface WrittenCampaign extends SiteEntry {
  assetBytes: number;
  runtimeBytes: number;
}

/** Absolute paths the build asked about, each as it was before it was read (the page's code aside). */
export type BuildInputs = Map<string, ConsultedPath>;
