// Text a page shows with no font for it (empty boxes): found in the page by drawing each character beside the
// box a font draws for a character it lacks, and the Debian package that has a font for it.

/**
 * Runs in the page: the characters of its visible text that no installed font has, in order of
 * first appearance. A character no font covers is drawn as the font's .notdef glyph, the box
 * every unassigned code point gets too; so a character drawn exactly like U+0378 (unassigned),
 * at the same advance, has no font. Each character is drawn in the font of its own element, as
 * the page draws it. Serialised into the page by Puppeteer: self-contained, no imports, and no
 * function bound to a name (tsx's esbuild would wrap it in a helper the page does not have).
 */
export function findMissingGlyphs(): string {
  const SIZE = 32;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE * 2;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  const canvasTools = {
    /** How `text` looks in `font`: its advance and its pixels. */
    drawn(font: string, text: string): string {
      context.font = font;
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.fillText(text, SIZE / 2, SIZE * 1.5);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let hash = 0;
      for (let i = 3; i < pixels.length; i += 4) hash = (hash * 31 + pixels[i]!) | 0;
      return `${context.measureText(text).width}:${hash}`;
    },
  };
  const byFont = new Map<string, Set<string>>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element?.checkVisibility()) continue;
    const style = getComputedStyle(element);
    const font = `${style.fontStyle} ${style.fontWeight} ${SIZE}px ${style.fontFamily}`;
    const characters = byFont.get(font) ?? byFont.set(font, new Set()).get(font)!;
    // Spaces, controls, format characters (bidi marks, joiners) and combining marks draw nothing on their own.
    for (const character of node.nodeValue ?? '') if (!/[\s\p{C}\p{M}]/u.test(character)) characters.add(character);
  }
  const missing = new Set<string>();
  for (const [font, characters] of byFont) {
    const box = canvasTools.drawn(font, '\u0378');
    for (const character of characters) if (canvasTools.drawn(font, character) === box) missing.add(character);
  }
  return [...missing].join('');
}

/** Debian's font packages by the characters they add: CJK and emoji have their own; Noto's core fonts cover most other scripts. */
const FONT_PACKAGES: Array<[RegExp, string]> = [
  [
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u,
    'fonts-noto-cjk',
  ],
  [/\p{Extended_Pictographic}/u, 'fonts-noto-color-emoji'],
];

/**
 * The Debian packages whose fonts draw `characters`: for each character the first package of the table that
 * covers it, else fonts-noto-core; each package once.
 */
export function fontPackagesFor(characters: string): string[] {
  const packages = [...characters].map((character) => FONT_PACKAGES.find(([pattern]) => pattern.test(character))?.[1] ?? 'fonts-noto-core');
  return [...new Set(packages)];
}
