// The in-place language switch on a real DOM (jsdom): another locale's page is checked, then morphed into this one element by element.
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageAt } from '../../../page/contract/consent-texts.ts';
import { readLocalePage, switchToPage } from '../../../page/runtime/locale-switch.ts';
import { readJsonElement, readPageTexts } from '../../../page/contract/page-props.ts';

/** A page as the build writes one, in miniature: the body's sections with the two islands' viewports, and its JSON. */
function pageHtml(
  locale: string,
  words: { title: string; heading: string; review: string; alt: string },
  options: { islands?: string[]; islandProps?: unknown } = {},
) {
  const islands = options.islands ?? ['screenshots', 'reviews'];
  const track = (name: string) =>
    `<div class="slider slider--${name}" data-slider="${name}" role="group" tabindex="0"><ul class="slider__track">` +
    `<li class="slider__item"><a class="screenshot" href="https://pictura.onelink.me/Ab1c/install" data-cta="screenshot"><img src="/assets/a.webp" alt="${words.alt}"></a></li>` +
    `<li class="slider__item"><p class="review__body">${words.review}</p></li></ul></div>`;
  const islandProps = options.islandProps ?? {
    islands: Object.fromEntries(islands.map((name) => [name, { words: words.review }])),
    error: { title: 'x', back: 'y' },
  };
  return (
    `<!doctype html><html lang="${locale}" dir="ltr"><head><title>${words.title}</title></head><body><div id="root"><main class="page">` +
    `<h2 id="heading">${words.heading}</h2><input class="description__toggle" type="checkbox" id="description-more"><label for="description-more">more</label>` +
    islands.map(track).join('') +
    `</main></div><script type="application/json" id="page-texts">${JSON.stringify({ consent: { title: words.heading } })}</script>` +
    `<script type="application/json" id="island-props">${JSON.stringify(islandProps)}</script></body></html>`
  );
}

const ENGLISH = { title: 'Pictura', heading: 'Ratings & Reviews', review: 'Better than I imagined', alt: 'Screenshot 1 of 6' };
const GERMAN = {
  title: 'Pictura (de)',
  heading: 'Bewertungen und Rezensionen',
  review: 'Besser als gedacht',
  alt: 'Bildschirmfoto 1 von 6',
};

/** This page, in English, in a DOM of its own (morphdom reads `HTMLElement` from the global scope, as in a browser). */
function englishPage() {
  const { window } = new JSDOM(pageHtml('en', ENGLISH));
  vi.stubGlobal('HTMLElement', window.HTMLElement);
  return { window, doc: window.document, parser: new window.DOMParser() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readLocalePage', () => {
  it('accepts the same route in the asked locale, with its body and JSON', () => {
    const { doc, parser } = englishPage();
    const page = readLocalePage(pageHtml('de', GERMAN), 'de', doc, parser);
    expect(page?.root.textContent).toContain('Bewertungen und Rezensionen');
    expect(page?.pageTexts).toEqual({ consent: { title: GERMAN.heading } });
    expect((page!.islandProps as { islands: Record<string, unknown> }).islands.reviews).toEqual({ words: GERMAN.review });
  });

  it.each<[string, string]>([
    ['another locale', pageHtml('fr', GERMAN)],
    [
      'a 404 page (no islands, no JSON)',
      '<!doctype html><html lang="de"><body><div id="root"><main class="error-page"><h2>Unexpected Application Error!</h2></main></div></body></html>',
    ],
    ['a portal page', '<!doctype html><html><body><form>Log in</form></body></html>'],
    ['an empty body', '<!doctype html><html lang="de"><body><div id="root"></div></body></html>'],
    ['other islands', pageHtml('de', GERMAN, { islands: ['screenshots'] })],
    ['no props for an island', pageHtml('de', GERMAN, { islandProps: { islands: { screenshots: {} }, error: {} } })],
    ['island props that are not an object', pageHtml('de', GERMAN, { islandProps: [1, 2] })],
    ['not HTML at all', '{"locale":"de"}'],
  ])('refuses %s', (_name, html) => {
    const { doc, parser } = englishPage();
    expect(readLocalePage(html, 'de', doc, parser)).toBeNull();
  });
});

describe('switchToPage', () => {
  it('morphs the text in place, keeping the elements (images, the row, the checkbox state), and takes over the JSON, language and title', () => {
    const { doc, parser } = englishPage();
    const image = doc.querySelector('img')!;
    const row = doc.querySelector('[data-slider="reviews"]')!;
    const toggle = doc.querySelector<HTMLInputElement>('#description-more')!;
    toggle.checked = true;
    switchToPage(doc, readLocalePage(pageHtml('de', GERMAN), 'de', doc, parser)!, false);
    expect(doc.getElementById('heading')!.textContent).toBe(GERMAN.heading);
    expect(doc.querySelector('img')).toBe(image);
    expect(image.alt).toBe(GERMAN.alt);
    // An island not hydrated yet is morphed like the rest, and its new props replace the old.
    expect(doc.querySelector('[data-slider="reviews"]')).toBe(row);
    expect(row.textContent).toContain(GERMAN.review);
    expect((readJsonElement(doc, 'island-props')!.islands as Record<string, unknown>).reviews).toEqual({ words: GERMAN.review });
    expect(messageAt(readPageTexts(doc), ['consent', 'title'])).toBe(GERMAN.heading);
    expect(toggle.checked).toBe(true);
    expect([doc.documentElement.lang, doc.documentElement.dir, doc.title]).toEqual(['de', 'ltr', GERMAN.title]);
  });

  it('leaves hydrated islands to React: their DOM and attributes stay as React and the slider left them', () => {
    const { doc, parser } = englishPage();
    const rows = [...doc.querySelectorAll<HTMLElement>('[data-slider]')];
    for (const row of rows) row.dataset.sliderActive = '';
    switchToPage(doc, readLocalePage(pageHtml('de', GERMAN), 'de', doc, parser)!, true);
    expect(doc.getElementById('heading')!.textContent).toBe(GERMAN.heading);
    for (const row of rows) {
      expect(row.textContent).toContain(ENGLISH.review);
      expect(row.hasAttribute('data-slider-active')).toBe(true);
    }
  });
});

describe('readPageTexts and messageAt', () => {
  const doc = (text: string | null) =>
    ({ getElementById: (id: string) => (id === 'page-texts' && text !== null ? { textContent: text } : null) }) as never;
  const texts = { consent: { title: 'Tracking erlauben?' } };
  const messages = { header: { get: 'Get' }, empty: '' };

  it.each([
    ['texts', JSON.stringify(texts), texts],
    ['broken JSON', '{"consent":', null],
    ['a JSON array', '[]', null],
    ['no element', null, null],
  ])('reads %s', (_name, text, expected) => {
    expect(readPageTexts(doc(text))).toEqual(expected);
  });

  it.each([
    [['header', 'get'], 'Get'],
    [['header'], null],
    [['header', 'missing'], null],
    [['empty'], null],
    [['__proto__', 'x'], null],
  ])('messageAt(%j)', (path, message) => {
    expect(messageAt(messages, path)).toBe(message);
  });
});
