// SVGs shipped as they are (the privacy glyphs), cleaned first: DOMPurify over jsdom drops scripts, event handlers and links out of the file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ImageUnreadable } from '../../shared/errors.ts';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/**
 * Cleans the text of one SVG file, or throws when nothing usable is left.
 * @throws UserError (ImageUnreadable)
 */
export type SvgSanitizer = (svg: string, file: string) => string;

/**
 * Why a sanitiser and not a regex or a rasterisation: an SVG opened on its own (from
 * assets/, on a host that ignores `_headers`) is a document of the site's origin and runs
 * its scripts; a regex cannot follow SVG's ways of running code (`<script>`, `on*`
 * attributes, `javascript:` links, `<animate>` setting `href`, `<foreignObject>`), and
 * DOMPurify, maintained for exactly this, can. The glyphs stay vector (a few hundred bytes,
 * sharp at every density) instead of six raster renditions each.
 *
 * What ships is the serialisation of the cleaned tree, never the input, so an SVG that parses
 * one way for the sanitiser and another for a browser cannot slip through; a clean file whose
 * serialisation equals it ships byte for byte. Links are kept only to the file's own fragments
 * (`#clip`): a glyph needs nothing from elsewhere.
 *
 * jsdom is slow to load, so this is made only when an SVG is not in
 * the image cache (images.ts keeps the cleaned text there).
 */
export async function createSvgSanitizer(): Promise<SvgSanitizer> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if ((data.attrName === 'href' || data.attrName === 'xlink:href') && !data.attrValue.trim().startsWith('#')) data.keepAttr = false;
  });
  const serializer = new window.XMLSerializer();
  return (svg, file) => {
    const fragment = purify.sanitize(svg, {
      USE_PROFILES: { svg: true, svgFilters: true },
      RETURN_DOM_FRAGMENT: true,
    }) as unknown as DocumentFragment;
    const elements = [...fragment.childNodes].filter((node) => node.nodeType === window.Node.ELEMENT_NODE) as Element[];
    const root = elements[0];
    if (elements.length !== 1 || root!.localName !== 'svg' || root!.namespaceURI !== SVG_NAMESPACE) {
      throw ImageUnreadable.create(file, 'it is not one <svg> element once scripts, event handlers and outside links are taken out');
    }
    const cleaned = serializer.serializeToString(root!);
    return cleaned === svg.trim() ? svg : cleaned;
  };
}

/**
 * What the cleaning depends on besides the file: DOMPurify's version and these rules. Part of
 * the cache key of cleaned SVGs; read from package.json, so checking the cache loads no DOM.
 */
export function sanitizerVersion(): string {
  const entry = createRequire(import.meta.url).resolve('dompurify');
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return `dompurify-${manifest.version};svg,svgFilters;local-links`;
}
