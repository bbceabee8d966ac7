// Whether a page fits its window, measured in the page: passed to Puppeteer's page.evaluate (tests/browser/)
// and to WebDriver's executeScript (tests/webkit/).

/** What measureOverflow finds. */
export interface Overflow {
  innerWidth: number;
  scrollWidth: number;
  /** overflow-x of the root and of the body: a page that hid its overflow would pass the scroll-width check while cutting text off. */
  clipped: string[];
  /** Each box outside its bounds, as `tag.class: its text`. */
  wide: string[];
}

/**
 * Runs in the page (so it uses nothing from outside itself): the window's and the document's
 * widths, and every box that leaves its bounds. The sideways rows (`.slider`, `.info-strip`) run
 * edge to edge and scroll inside; every other box keeps within the page margins.
 */
export function measureOverflow(): Overflow {
  const scrollers = '.slider, .info-strip';
  const main = document.querySelector('main')!;
  const style = getComputedStyle(main);
  const mainRect = main.getBoundingClientRect();
  const content = { left: mainRect.left + parseFloat(style.paddingLeft), right: mainRect.right - parseFloat(style.paddingRight) };
  const outside = (rect: DOMRect, bounds: { left: number; right: number }) =>
    rect.width > 0 && (rect.right > bounds.right + 0.5 || rect.left < bounds.left - 0.5);
  const wide = [...main.querySelectorAll('*')]
    .filter((element) => {
      const rect = element.getBoundingClientRect();
      if (element.matches(scrollers)) return outside(rect, { left: 0, right: window.innerWidth });
      return !element.closest(scrollers) && outside(rect, content);
    })
    .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class')}: ${element.textContent!.slice(0, 40)}`);
  return {
    innerWidth: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    clipped: [getComputedStyle(document.documentElement).overflowX, getComputedStyle(document.body).overflowX],
    wide,
  };
}
