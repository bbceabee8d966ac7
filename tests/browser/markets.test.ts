// The markets fixture (en, ja, pt-BR, ar) in Chromium behind `serve`: negotiation of any tag, Intl's numbers
// after hydration, right-to-left layout and slider, nothing wider than 350 px, and each script drawn with its
// local face, with no system font lookup per size and none by family name.
import type { Browser, BrowserContext, Page } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { measureOverflow } from '../overflow.ts';
import { browserTest, openPage, rewritingDocuments, waitForHydration, type PageOptions, type TestPage } from './browser.ts';

const marketsUrl = inject('marketsUrl');

/** The narrowest phone the page supports (body min-width). */
const NARROW = { width: 350, height: 760, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** One screenshot (163 px) and the gap after it (8 px); the page margin before the first. */
const STEP = 171;
const MARGIN = 20;

/** A hydrated page of the markets build, with its console recorded. */
async function openHydrated(context: BrowserContext, route: string, options: PageOptions = {}): Promise<TestPage> {
  const opened = await openPage(context, options);
  await opened.page.goto(marketsUrl + route, { waitUntil: 'load' });
  await waitForHydration(opened.page);
  return opened;
}

/** Server and client must agree on every string: React reports any difference on the console. */
function expectNoHydrationMismatch(opened: TestPage) {
  expect(opened.console.filter((line) => /hydrat|did not match/i.test(line))).toEqual([]);
  expect(opened.errors).toEqual([]);
}

describe('language negotiation of any configured tag (serve)', () => {
  browserTest.for<[string, string]>([
    ['pt-PT,pt;q=0.9', 'pt-BR'],
    ['ja-JP,ja;q=0.9,en;q=0.5', 'ja'],
    ['ar-EG,ar;q=0.9', 'ar'],
    ['it-IT,it;q=0.9', 'en'],
  ])(
    'answers the plain route for Accept-Language %s with the %s page, the address unchanged',
    async ([acceptLanguage, locale], { context }) => {
      const response = await fetch(`${marketsUrl}/?utm_source=meta`, { headers: { 'Accept-Language': acceptLanguage } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-language')).toBe(locale);
      expect(await response.text()).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);

      const opened = await openHydrated(context, '/?utm_source=meta', { acceptLanguage });
      const shown = await opened.page.evaluate(() => ({ lang: document.documentElement.lang, path: location.pathname + location.search }));
      expect(shown).toEqual({ lang: locale, path: '/?utm_source=meta' });
    },
  );
});

describe('formatting by Intl, the same after hydration', () => {
  /** Each locale's words around the compact ratings count, as its locale file writes them. */
  const COUNTS: Record<string, (count: string) => string> = {
    ja: (count) => `${count}件の評価`,
    'pt-BR': (count) => `${count} notas`,
    ar: (count) => `${count} تقييم`,
  };

  browserTest.for(Object.keys(COUNTS))('shows the rating and the ratings count of %s as Intl writes them', async (locale, { context }) => {
    const opened = await openHydrated(context, `/${locale}`);
    const shown = await opened.page.evaluate(() => ({
      rating: document.querySelector('.ratings-summary__value')!.textContent,
      count: document.querySelector('.ratings-summary__count')!.textContent,
      strip: document.querySelector('.info-strip__label')!.textContent,
    }));
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(25600);
    expect(shown).toEqual({
      rating: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4.5),
      count: COUNTS[locale]!(compact),
      strip: COUNTS[locale]!(compact),
    });
    expectNoHydrationMismatch(opened);
  });
});

/** Where the screenshots track is moved to now, from its computed transform: positive is to the right. */
function translationOf(page: Page): Promise<number> {
  return page.$eval('[data-slider="screenshots"] .slider__track', (track) => {
    const transform = getComputedStyle(track).transform;
    return transform === 'none' ? 0 : new DOMMatrix(transform).m41;
  });
}

/** Waits for the track's transition to end, then returns where it stopped. */
async function settledTranslation(page: Page): Promise<number> {
  await page.waitForFunction(() => document.querySelector('[data-slider="screenshots"] .slider__track')!.getAnimations().length === 0);
  return translationOf(page);
}

/** A one-finger horizontal swipe of `deltaX` px (negative = to the left) across the screenshots. */
async function swipe(page: Page, deltaX: number): Promise<void> {
  const y = await page.$eval('[data-slider="screenshots"]', (element) => {
    element.scrollIntoView({ block: 'center' });
    const rect = element.getBoundingClientRect();
    return rect.top + rect.height / 2;
  });
  const startX = deltaX < 0 ? 300 : 90;
  await page.touchscreen.touchStart(startX, y);
  for (let i = 1; i <= 10; i++) await page.touchscreen.touchMove(startX + (deltaX * i) / 10, y);
  await page.touchscreen.touchEnd();
}

describe('right to left (ar)', () => {
  browserTest('is dir="rtl", starts the screenshots at the right edge, and mirrors the header', async ({ context }) => {
    const opened = await openHydrated(context, '/ar');
    const layout = await opened.page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      return {
        dir: document.documentElement.dir,
        firstScreenshotRight: box('[data-slider="screenshots"] .slider__item').right,
        iconLeft: box('.product-header__icon').left,
        titleRight: box('.product-header__title').right,
        getRight: box('.get-button').right,
      };
    });
    expect(layout.dir).toBe('rtl');
    expect(layout.firstScreenshotRight).toBe(390 - MARGIN);
    // The icon on the right, the title and the GET button beside it on its left, as the Arabic App Store shows them.
    expect(layout.iconLeft).toBeGreaterThan(layout.titleRight);
    expect(layout.getRight).toBe(layout.titleRight);
    expectNoHydrationMismatch(opened);
  });

  browserTest(
    `moves the screenshots one step (${STEP} px) to the right for a swipe to the right, and back for a swipe to the left`,
    async ({ context }) => {
      const { page } = await openHydrated(context, '/ar');
      // A swipe to the left at the start would go before the first screenshot: nothing moves.
      await swipe(page, -120);
      expect(await settledTranslation(page)).toBe(0);
      await swipe(page, 51);
      expect(await settledTranslation(page)).toBe(STEP);
      await swipe(page, 120);
      expect(await settledTranslation(page)).toBe(2 * STEP);
      // The other way: a swipe to the left brings the previous screenshot back.
      await swipe(page, -51);
      expect(await settledTranslation(page)).toBe(STEP);
      const secondRight = await page.$eval(
        '[data-slider="screenshots"] .slider__item:nth-child(2)',
        (item) => item.getBoundingClientRect().right,
      );
      expect(secondRight).toBe(390 - MARGIN);
    },
  );

  browserTest('moves on with the left arrow key, the way the row runs', async ({ context }) => {
    const { page } = await openHydrated(context, '/ar');
    await page.focus('[data-slider="screenshots"]');
    await page.keyboard.press('ArrowLeft');
    expect(await settledTranslation(page)).toBe(STEP);
    await page.keyboard.press('ArrowRight');
    expect(await settledTranslation(page)).toBe(0);
  });
});

describe('no horizontal overflow at 350 px', () => {
  browserTest.for(['/ar', '/ja', '/pt-BR'])(
    '%s fits, every box outside the sideways rows within the page margins',
    async (route, { context }) => {
      const { page } = await openHydrated(context, route, { viewport: NARROW });
      await page.$eval('label.description__more', (label) => (label as HTMLElement).click());
      const layout = await page.evaluate(measureOverflow);
      expect(layout.innerWidth).toBe(350);
      expect(layout.clipped).toEqual(['visible', 'visible']);
      expect(layout.wide).toEqual([]);
      expect(layout.scrollWidth).toBeLessThanOrEqual(350);
    },
  );
});

describe("fonts: the local face of each script's font, no system lookup per size or by family name", () => {
  /** The local faces (page/view/styles/base.css) each page draws its text with, as `.ci/system-packages.txt` installs their fonts. */
  const FACES: Record<string, string[]> = {
    '/': ['Local Liberation Sans 400', 'Local Liberation Sans 700'],
    '/ja': ['Local Noto Sans CJK JP 400', 'Local Noto Sans CJK JP 700'],
    '/ar': ['Local Liberation Sans 400', 'Local Liberation Sans 700', 'Local DejaVu Sans 400', 'Local DejaVu Sans 700'],
  };

  browserTest.for(Object.keys(FACES))('%s draws its text with the local faces of its fonts', async (route, { context }) => {
    const { page } = await openHydrated(context, route);
    const used = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((face) => face.status === 'loaded')
        .map((face) => `${face.family.replace(/"/g, '')} ${face.weight}`);
    });
    expect(used.sort()).toEqual(FACES[route]!.sort());
  });

  type TraceEvent = { name: string; ph: string; pid: number; args?: { beginData?: { url?: string }; family_name?: string } };

  /**
   * The font calls Chromium's renderer made to its browser process while `route` loaded, served
   * as built or with `rewrite` applied to every stack: in a browser context of its own, so in a
   * renderer process of its own, since the answers are kept for the renderer's life and the file's
   * tests share a tab.
   */
  async function fontCalls(browser: Browser, route: string, rewrite?: (html: string) => string): Promise<TraceEvent[]> {
    const context = await browser.createBrowserContext();
    try {
      // A rewritten document goes without its policy (header and element), which pins the style's hash.
      const options: PageOptions = rewrite
        ? {
            route: rewritingDocuments((html, headers) => {
              delete headers['content-security-policy'];
              return rewrite(html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''));
            }),
          }
        : {};
      const { page } = await openPage(context, options);
      await page.tracing.start({ categories: ['fonts', 'devtools.timeline'] });
      await page.goto(marketsUrl + route, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => new Promise(requestAnimationFrame)));
      const { traceEvents } = JSON.parse(new TextDecoder().decode(await page.tracing.stop())) as { traceEvents: TraceEvent[] };
      // The page's renderer only: the trace covers every process, Chromium's own UI pages included.
      const renderer = traceEvents.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url?.startsWith(marketsUrl))?.pid;
      expect(renderer).toBeDefined();
      return traceEvents.filter((event) => event.pid === renderer && event.ph !== 'E');
    } finally {
      await context.close();
    }
  }

  /** The page's font calls as built, traced once per route for the tests below. */
  const asBuilt = new Map<string, Promise<TraceEvent[]>>();
  const builtFontCalls = (browser: Browser, route: string) =>
    asBuilt.get(route) ?? asBuilt.set(route, fontCalls(browser, route)).get(route)!;
  /** A local face's name in a stack of the built page's style, with the comma after it. */
  const LOCAL_FACE = '"?Local [^,;"]+"?,';

  /** How many times Chromium asked how to draw a system font at one size and weight. */
  const strikeLookups = (calls: TraceEvent[]) =>
    calls.filter((event) => event.name === 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike').length;
  /** The families Chromium asked fontconfig for by name, in order. */
  const familyLookups = (calls: TraceEvent[]) =>
    calls.filter((event) => event.name === 'FontDataManager::onMatchFamilyStyle').map((event) => event.args?.family_name);

  browserTest.for(['/', '/ja', '/ar'])(
    '%s makes no system lookup for each size and weight of its text, which the stacks alone would',
    async (route, { browser }) => {
      // The local faces' names taken out of every stack.
      const withStacksAlone = strikeLookups(await fontCalls(browser, route, (html) => html.replace(new RegExp(LOCAL_FACE, 'g'), '')));
      // The stacks alone ask once for each size and weight of the text, in each font it is drawn with.
      expect(withStacksAlone).toBeGreaterThanOrEqual(10);
      expect(strikeLookups(await builtFontCalls(browser, route))).toBe(0);
    },
  );

  browserTest.for(['/', '/ja', '/ar'])(
    "%s asks for no family by name, which Apple's system font named before the local faces would",
    async (route, { browser }) => {
      // Each stack's local faces moved after Apple's system font.
      const appleFirst = familyLookups(
        await fontCalls(browser, route, (html) =>
          html.replace(new RegExp(`((?:${LOCAL_FACE})+)(-apple-system,BlinkMacSystemFont,)`, 'g'), '$2$1'),
        ),
      );
      expect(appleFirst.slice(0, 2)).toEqual(['-apple-system', 'BlinkMacSystemFont']);
      expect(familyLookups(await builtFontCalls(browser, route))).toEqual([]);
    },
  );
});
