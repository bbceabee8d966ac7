// What a build's campaigns share as they are assembled and rendered: the render stage's caches (render/context.ts),
// the CSP hashes of the inline code and the minified payment components. All a build worker holds of the build's context.
import { scriptText, styleText } from '../render/document.ts';
import type { MinifiedComponents } from '../bundle/assets.ts';
import type { Bundle } from '../bundle/bundle.ts';
import { cspHash, type InlineHashes } from '../policy/csp.ts';
import { createRenderContext, type RenderContext } from '../render/context.ts';

/** What the campaigns of one build (or of one of its workers) share as they are assembled and rendered. */
export interface CampaignContext extends RenderContext {
  /** The CSP hashes of the inline code pages carry: the page CSS and the plain routes' script. */
  inline: InlineHashes;
  /** The self-hosted payment SDK's components, minified once. */
  minifiedComponents: MinifiedComponents;
}

/** Fresh caches for the campaigns of a build whose runtime is bundled. */
export function createCampaignContext(bundle: Bundle): CampaignContext {
  return {
    ...createRenderContext(bundle),
    inline: { scripts: [cspHash(scriptText(bundle.languageRedirect))], styles: [cspHash(styleText(bundle.css))] },
    minifiedComponents: new Map(),
  };
}
