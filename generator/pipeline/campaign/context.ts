// What a build's campaigns share as they are rendered: the bundle, the caches of templates and bodies, the
// translators and formatters. All a build worker holds of the build's context.
import { scriptText, styleText } from '../render/document.ts';
import { TranslatorCache } from '../../../page/view/i18n.tsx';
import { BoundedCache, type KeyedCache } from '../../shared/bounded-cache.ts';
import type { MinifiedComponents } from '../bundle/assets.ts';
import type { Bundle } from '../bundle/bundle.ts';
import { cspHash, type InlineHashes } from '../policy/csp.ts';
import { ShellCache } from '../render/body.ts';
import type { CampaignTemplate } from '../render/documents.ts';
import { LocaleFormats } from '../render/locale-format.ts';
import type { DocumentTemplate } from '../render/slots.ts';

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

/** What the campaigns of one build (or of one of its workers) share as they are rendered. */
export interface CampaignContext {
  bundle: Bundle;
  /** The CSP hashes of the inline code pages carry: the page CSS and the plain routes' script. */
  inline: InlineHashes;
  /** Rendered page bodies by content: the most recent ones, so memory stays flat in distinct campaigns. */
  bodies: KeyedCache<string, DocumentTemplate>;
  /** Bodies but for their screenshots section, and those sections: a locale's pages differ only there. */
  shells: ShellCache;
  /** Campaign documents by templateKey: campaigns that differ only in base path, tracking or split test share one. */
  templates: KeyedCache<string, CampaignTemplate>;
  /** The self-hosted payment SDK's components, minified once. */
  minifiedComponents: MinifiedComponents;
  /** One translator per locale and messages object. */
  translators: TranslatorCache;
  /** Each locale's Intl formatters of the listing. */
  formats: LocaleFormats;
}

/** Fresh caches for the campaigns of a build whose runtime is bundled. */
export function createCampaignContext(bundle: Bundle): CampaignContext {
  return {
    bundle,
    inline: { scripts: [cspHash(scriptText(bundle.languageRedirect))], styles: [cspHash(styleText(bundle.css))] },
    bodies: new BoundedCache(BODIES_KEPT),
    shells: new ShellCache(),
    templates: new BoundedCache(TEMPLATES_KEPT),
    minifiedComponents: new Map(),
    translators: new TranslatorCache(),
    formats: new LocaleFormats(),
  };
}
