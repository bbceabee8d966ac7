// A fake document for startRuntime's unit tests: the elements, scripts, CTAs and events the runtime touches, without a DOM library.
import { PROMPT_ATTRIBUTE } from '../../../page/runtime/consent-prompt.ts';

type ScriptOutcome = 'load' | 'error' | 'pending';

class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly listeners = new Map<string, Array<(event: unknown) => void>>();
  readonly children: FakeElement[] = [];
  async = false;
  src = '';
  integrity = '';
  crossOrigin: string | null = null;
  textContent = '';
  id = '';
  type = '';
  parent: FakeElement | null = null;

  constructor(
    readonly tagName: string,
    private readonly doc: FakeDocument,
  ) {}

  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener() {}
  fire(type: string, event: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  closest(selector: string): FakeElement | null {
    if (selector === 'a[data-cta]' && this.tagName === 'a' && this.attributes.has('data-cta')) return this;
    return this.parent?.closest(selector) ?? null;
  }
  appendChild(child: FakeElement) {
    child.parent = this;
    this.children.push(child);
    this.doc.attached(child);
    return child;
  }
  append(...children: FakeElement[]) {
    for (const child of children) this.appendChild(child);
  }
  remove() {
    if (!this.parent) return;
    this.parent.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  /** Every element below this one, depth first. */
  descendants(): FakeElement[] {
    return this.children.flatMap((child) => [child, ...child.descendants()]);
  }
  /** The text of this element and all below it. */
  text(): string {
    return this.textContent + this.children.map((child) => child.text()).join('');
  }
}

/** `element.style`: the CSSOM calls the consent prompt makes. */
Object.defineProperty(FakeElement.prototype, 'style', {
  get(this: FakeElement & { styles?: Map<string, string> }) {
    const styles = (this.styles ??= new Map());
    return { setProperty: (name: string, value: string) => styles.set(name, value) };
  },
});

/** The document of a fake page: its scripts load, fail or never answer as `scriptOutcome` says. */
export class FakeDocument {
  cookie = '';
  /** The fake page's window, once fakePage has made it. */
  defaultView: unknown = null;
  readyState: DocumentReadyState = 'complete';
  readonly head = new FakeElement('head', this);
  readonly documentElement = new FakeElement('html', this);
  readonly body = new FakeElement('body', this);
  readonly scripts: FakeElement[] = [];
  readonly anchors: FakeElement[] = [];
  readonly events: Array<{ type: string; detail: unknown }> = [];
  private readonly listeners = new FakeElement('#document', this);
  private configElement: FakeElement | null = null;
  private textsElement: FakeElement | null = null;
  /** What happens to a script appended with this src. */
  scriptOutcome: (src: string) => ScriptOutcome = () => 'pending';
  /** What a script that loads does as it runs (e.g. defines its global). */
  runs: (src: string) => void = () => {};

  createElement(tagName: string) {
    return new FakeElement(tagName, this);
  }
  attached(element: FakeElement) {
    if (element.tagName !== 'script') return;
    this.scripts.push(element);
    const outcome = this.scriptOutcome(element.src);
    if (outcome === 'load')
      setTimeout(() => {
        this.runs(element.src);
        element.fire('load');
      }, 5);
    else if (outcome !== 'pending') setTimeout(() => element.fire(outcome), 5);
  }
  scriptSrcs() {
    return this.scripts.map((script) => script.src);
  }
  setConfig(config: unknown) {
    this.configElement = new FakeElement('script', this);
    this.configElement.textContent = typeof config === 'string' ? config : JSON.stringify(config);
  }
  setPageTexts(texts: unknown) {
    this.textsElement = new FakeElement('script', this);
    this.textsElement.textContent = JSON.stringify(texts);
  }
  getElementById(id: string) {
    return id === 'runtime-config' ? this.configElement : id === 'page-texts' ? this.textsElement : null;
  }
  /** The consent prompt, when it is on the page. */
  prompt(): FakeElement | undefined {
    return this.body.children.find((child) => child.attributes.has(PROMPT_ATTRIBUTE));
  }
  /** The page's `<link rel="alternate" hreflang>` elements. */
  readonly alternates: FakeElement[] = [];
  querySelectorAll(selector: string) {
    if (selector === 'link[rel="alternate"][hreflang]') return this.alternates;
    return selector === 'a[data-cta]' ? this.anchors : [];
  }
  addAlternate(hreflang: string, href: string) {
    const link = new FakeElement('link', this);
    link.setAttribute('hreflang', hreflang);
    link.setAttribute('href', href);
    this.alternates.push(link);
  }
  querySelector() {
    return null;
  }
  addAnchor(cta: string, href: string) {
    const anchor = new FakeElement('a', this);
    anchor.setAttribute('data-cta', cta);
    anchor.setAttribute('href', href);
    this.anchors.push(anchor);
    return anchor;
  }
  hasListener(type: string): boolean {
    return (this.listeners.listeners.get(type)?.length ?? 0) > 0;
  }

  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.addEventListener(type, listener);
  }
  removeEventListener() {}
  dispatchEvent(event: { type: string; detail?: unknown }) {
    this.events.push({ type: event.type, detail: event.detail });
    return true;
  }
  click(target: FakeElement) {
    const event = {
      target,
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      defaultPrevented: false,
      preventDefault() {
        event.defaultPrevented = true;
      },
    };
    this.listeners.fire('click', event);
    return event;
  }
}
