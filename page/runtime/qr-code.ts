// The QR code of the install link for desktop visitors; loaded as a lazy chunk, only when enabled and on a desktop.
import { encode } from 'uqr';
import type { LinkStore } from './link-store.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Quiet zone around the code, in modules; 2 keeps long attributed links scannable at 256 px. */
const QUIET_ZONE = 2;

/** The SVG path of the dark modules of `data` (rows of booleans), one unit square per module. */
export function qrPath(data: readonly (readonly boolean[])[]): string {
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

/** Draws `text` as a `size` px QR code in `container`, replacing what was there (no HTML parsing). */
export function renderQrCode(doc: Document, container: Element, text: string, size: number): void {
  const qr = encode(text, { ecc: 'L', border: QUIET_ZONE });
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${qr.size} ${qr.size}`);
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('shape-rendering', 'crispEdges');
  const background = doc.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#fff');
  const modules = doc.createElementNS(SVG_NS, 'path');
  modules.setAttribute('d', qrPath(qr.data));
  modules.setAttribute('fill', '#000');
  svg.append(background, modules);
  container.replaceChildren(svg);
}

/**
 * Shows the QR code in the page's `[data-qr-code]` element (the page can place and label
 * it), or in a small fixed box of its own, and redraws it whenever the install link changes.
 */
export function mountQrCode(doc: Document, store: LinkStore, size: number): void {
  let container = doc.querySelector('[data-qr-code]');
  if (!container) {
    container = doc.createElement('div');
    container.setAttribute('data-qr-code', '');
    container.setAttribute('role', 'img');
    container.setAttribute('aria-label', 'QR code of the install link');
    container.setAttribute(
      'style',
      'position:fixed;right:24px;bottom:24px;padding:8px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.15);line-height:0;z-index:10',
    );
    doc.body.appendChild(container);
  }
  const target = container;
  store.subscribe((link) => renderQrCode(doc, target, link, size));
}
