// Browser code that `store-landing dev` adds to its pages (never to a build): reloads on a rebuild, and shows
// a failed rebuild's problems over the page.
// Plain DOM, no imports: the dev server compiles this one file as it is (client-script.ts).

interface OverlayProblem {
  location: string;
  path: string;
  message: string;
  hint: string | null;
  frame: string;
}

type DevMessage = { type: 'reload' } | { type: 'ok' } | { type: 'error'; title: string; problems: OverlayProblem[] };

const EVENTS_URL = '/__store-landing/events';
const SCROLL_KEY = 'store-landing-dev-scroll';

/**
 * The overlay's style, as a constructed stylesheet in its shadow root: the page's CSP allows
 * no inline styles, and constructed sheets are not inline styles; the shadow root keeps
 * the page's CSS and ours apart.
 */
const OVERLAY_CSS = `
:host { position: fixed; inset: 0; z-index: 2147483647; background: rgba(0, 0, 0, 0.66); overflow: auto;
  font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #d8d8d8; }
.window { margin: 32px auto; max-width: 880px; padding: 20px 24px; background: #181818; border-top: 6px solid #ff5555;
  border-radius: 6px; box-shadow: 0 16px 48px rgba(0, 0, 0, 0.5); }
h1 { margin: 0 0 4px; font-size: 16px; color: #ff5555; }
.note { margin: 0 0 16px; color: #999; font-size: 12px; }
.problem { margin: 16px 0 0; padding-top: 12px; border-top: 1px solid #333; }
.location { color: #7fb5ff; }
.path { color: #e6c07b; }
.message { color: #fff; white-space: pre-wrap; }
.hint { color: #98c379; white-space: pre-wrap; }
pre { margin: 8px 0 0; padding: 8px 12px; background: #101010; border-radius: 4px; overflow-x: auto; color: #bbb; }
button { float: right; background: none; border: 0; color: #999; font: inherit; font-size: 18px; cursor: pointer; }
`;

class ErrorOverlay extends HTMLElement {
  constructor(title: string, problems: OverlayProblem[]) {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(OVERLAY_CSS);
    root.adoptedStyleSheets = [sheet];
    const panel = element('div', 'window');
    const close = element('button', '', '×');
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', () => this.remove());
    panel.append(
      close,
      element('h1', '', title),
      element('p', 'note', 'store-landing dev: the last good build is still shown. Fix the file and save; this closes by itself.'),
    );
    for (const problem of problems) panel.append(problemElement(problem));
    root.append(panel);
  }
}

/** `tag` with a class and text; text only ever as text, never as markup (messages quote the user's files). */
function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function problemElement(problem: OverlayProblem): HTMLElement {
  const node = element('section', 'problem');
  const head = element('div', '');
  if (problem.location) head.append(element('span', 'location', problem.location), ' ');
  if (problem.path) head.append(element('span', 'path', problem.path));
  node.append(head, element('div', 'message', problem.message));
  if (problem.frame) node.append(element('pre', 'frame', problem.frame));
  if (problem.hint) node.append(element('div', 'hint', problem.hint));
  return node;
}

const OVERLAY_TAG = 'store-landing-error-overlay';
customElements.define(OVERLAY_TAG, ErrorOverlay);

function hideOverlay(): void {
  for (const overlay of document.querySelectorAll(OVERLAY_TAG)) overlay.remove();
}

function showOverlay(title: string, problems: OverlayProblem[]): void {
  hideOverlay();
  document.documentElement.append(new ErrorOverlay(title, problems));
}

/** Back where the reader was: a reload keeps the scroll position. */
function restoreScroll(): void {
  const saved = sessionStorage.getItem(SCROLL_KEY);
  if (saved === null) return;
  sessionStorage.removeItem(SCROLL_KEY);
  window.scrollTo(0, Number(saved));
}

function onMessage(message: DevMessage): void {
  if (message.type === 'error') showOverlay(message.title, message.problems);
  else if (message.type === 'ok') hideOverlay();
  else {
    sessionStorage.setItem(SCROLL_KEY, String(window.scrollY));
    location.reload();
  }
}

restoreScroll();
const events = new EventSource(EVENTS_URL);
events.addEventListener('message', (event) => onMessage(JSON.parse((event as MessageEvent<string>).data) as DevMessage));
// For tools and tests: the page now hears about rebuilds.
events.addEventListener('open', () => document.documentElement.setAttribute('data-store-landing-dev', 'connected'));
