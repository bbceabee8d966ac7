// The state of one build, handed to every stage: what later campaigns reuse lives here, never in module scope.
import path from 'node:path';
import type { Bundle } from './bundle/bundle.ts';
import { createCampaignContext, type CampaignContext } from './campaign/context.ts';
import { createImagePipeline, type ImagePipeline } from './images/images.ts';

/** Everything one build shares across its campaigns (campaign/context.ts; the caches of rendering: render/context.ts). Two builds never share one. */
export interface BuildContext extends CampaignContext {
  /** Each image optimized once (and cached on disk across builds). */
  images: ImagePipeline;
  /** Where compressed twins of shared assets are kept across builds. */
  compressionCacheDir: string;
}

export interface ContextOptions {
  /** The folder of the config: the caches sit beside it unless given. */
  configDir: string;
  imageCacheDir?: string;
  compressionCacheDir?: string;
}

/**
 * Where encoded images and compressed twins are kept between builds: `STORE_LANDING_CACHE_DIR`
 * when set (one cache for many configs, or a folder a CI cache step restores), else `.cache/`
 * beside the config. Entries are named by the hash of what made them, so configs can share one.
 */
export function cacheRoot(configDir: string): string {
  const shared = process.env.STORE_LANDING_CACHE_DIR;
  return shared ? path.resolve(shared) : path.join(configDir, '.cache');
}

/** Where a build of the config in `configDir` keeps its encoded images unless told otherwise. */
export function imageCacheDir(configDir: string): string {
  return path.join(cacheRoot(configDir), 'images');
}

/** A fresh context for a build whose runtime is bundled. */
export function createBuildContext(bundle: Bundle, options: ContextOptions): BuildContext {
  return {
    ...createCampaignContext(bundle),
    images: createImagePipeline(options.imageCacheDir ?? imageCacheDir(options.configDir)),
    compressionCacheDir: options.compressionCacheDir ?? path.join(cacheRoot(options.configDir), 'compressed'),
  };
}
