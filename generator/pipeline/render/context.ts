// What the render stage keeps across a build's campaigns: the bundle it links, and its caches of templates,
// bodies, translators and formatters. A part of the build's context object (campaign/context.ts), never module state.
import { TranslatorCache } from '../../../page/view/i18n.tsx';
import { BoundedCache, type KeyedCache } from '../../shared/bounded-cache.ts';
import type { Bundle } from '../bundle/bundle.ts';
import { ShellCache } from './body.ts';
import type { CampaignTemplate } from './documents.ts';
import { LocaleFormats } from './locale-format.ts';
import type { DocumentTemplate } from './slots.ts';

/**
 * How many campaign templates (each a campaign's every document, as bytes) and page
 * bodies a build keeps for later campaigns. Campaigns that share a template are usually
 * written together in a config (a campaign and its variations of links and weights); bodies
 * serve the next campaigns that differ in a template but not in a page (a few campaigns' pages).
 * One that comes back after more distinct ones than this is rendered again, correctly, a
 * little slower. Campaigns that all differ reuse nothing: what is kept is bounded, not grown.
 */
const TEMPLATES_KEPT = 8;
const BODIES_KEPT = 64;

/** What rendering the campaigns of one build (or of one of its workers) reads and keeps. */
export interface RenderContext {
  bundle: Bundle;
  /** Rendered page bodies by content: the most recent ones, so memory stays flat in distinct campaigns. */
  bodies: KeyedCache<string, DocumentTemplate>;
  /** Bodies but for their screenshots section, and those sections: a locale's pages differ only there. */
  shells: ShellCache;
  /** Campaign documents by templateKey: campaigns that differ only in base path, tracking or split test share one. */
  templates: KeyedCache<string, CampaignTemplate>;
  /** One translator per locale and messages object. */
  translators: TranslatorCache;
  /** Each locale's Intl formatters of the listing. */
  formats: LocaleFormats;
}

/** Fresh caches of rendering for the campaigns of a build whose runtime is bundled. */
export function createRenderContext(bundle: Bundle): RenderContext {
  return {
    bundle,
    bodies: new BoundedCache(BODIES_KEPT),
    shells: new ShellCache(),
    templates: new BoundedCache(TEMPLATES_KEPT),
    translators: new TranslatorCache(),
    formats: new LocaleFormats(),
  };
}
