// The state of one build, handed to every stage: what later campaigns reuse lives here, never in module scope.
import path from 'node:path';
import { scriptText, styleText } from '../../templates/document.ts';
import { TranslatorCache } from '../../templates/i18n.tsx';
import type { MinifiedComponents } from './assets.ts';
import type { Bundle } from './bundle.ts';
import { cspHash, type InlineHashes } from './csp.ts';
import { createImagePipeline, type ImagePipeline } from './images.ts';
import { BoundedCache, type KeyedCache } from '../shared/bounded-cache.ts';
import type { CampaignTemplate } from './render/documents.ts';

/**
 * How many campaign templates (each a campaign's every document, a megabyte or more) and page
 * bodies a build keeps for later campaigns. Campaigns that share a template are usually
 * written together in a config (a campaign and its variations of links and weights); one that
 * comes back after more distinct ones than this is rendered again, correctly, a little slower.
 */
const TEMPLATES_KEPT = 8;
const BODIES_KEPT = 256;

/** Everything one build shares across its campaigns. Two builds never share one. */
export interface BuildContext {
  bundle: Bundle;
  /** The CSP hashes of the inline code pages carry: the page CSS and the plain routes' script. */
  inline: InlineHashes;
  /** Each image optimized once (and cached on disk across builds). */
  images: ImagePipeline;
  /** Where compressed twins of shared assets are kept across builds. */
  compressionCacheDir: string;
  /** Rendered page bodies by content: the most recent ones, so memory stays flat in distinct campaigns. */
  bodies: KeyedCache<string, string>;
  /** Campaign documents by templateKey: campaigns that differ only in base path, tracking or split test share one. */
  templates: KeyedCache<string, CampaignTemplate>;
  /** The self-hosted payment SDK's components, minified once. */
  minifiedComponents: MinifiedComponents;
  /** One translator per locale and messages object. */
  translators: TranslatorCache;
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
    bundle,
    inline: { scripts: [cspHash(scriptText(bundle.languageRedirect))], styles: [cspHash(styleText(bundle.css))] },
    images: createImagePipeline(options.imageCacheDir ?? path.join(options.configDir, '.cache', 'images')),
    compressionCacheDir: options.compressionCacheDir ?? path.join(options.configDir, '.cache', 'compressed'),
    bodies: new BoundedCache(BODIES_KEPT),
    templates: new BoundedCache(TEMPLATES_KEPT),
    minifiedComponents: new Map(),
    translators: new TranslatorCache(),
  };
}
