// The state of one build, handed to every stage: what later campaigns reuse lives here, never in module scope.
import path from 'node:path';
import type { Bundle } from './bundle/bundle.ts';
import { createCampaignContext, type CampaignContext } from './campaign/context.ts';
import { createImagePipeline, type ImagePipeline } from './images/images.ts';
import { cacheRoot, imageCacheDir } from '../shared/cache-dir.ts';

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

/** A fresh context for a build whose runtime is bundled. */
export function createBuildContext(bundle: Bundle, options: ContextOptions): BuildContext {
  return {
    ...createCampaignContext(bundle),
    images: createImagePipeline(options.imageCacheDir ?? imageCacheDir(options.configDir)),
    compressionCacheDir: options.compressionCacheDir ?? path.join(cacheRoot(options.configDir), 'compressed'),
  };
}
