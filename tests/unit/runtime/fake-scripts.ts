// A fake document and window for the third-party loaders' unit tests: scripts that load, throw, fail or never answer, per src.
import { expect } from 'vitest';

/**
 * What a script does: `load` (runs `runs(src)`, then load), `throw` (what an HTML page served as
 * JavaScript does: an error event on the window while it is the current script, then load),
 * `error` (blocked or failed), `pending` (never answers).
 */
export type ScriptOutcome = 'load' | 'throw' | 'error' | 'pending';

/** The window's `error` event as the browser dispatches it for a script's top-level error. */
class FakeErrorEvent {
  defaultPrevented = false;
  constructor(readonly filename: string) {}
  preventDefault() {
    this.defaultPrevented = true;
  }
}

/** The window a script runs in: its `error` listeners, and whether each error was left uncaught. */
export class FakeWindow {
  readonly listeners = new Set<(event: FakeErrorEvent) => void>();
  readonly uncaught: string[] = [];
  braintree?: Record<string, unknown>;
  addEventListener(type: string, listener: (event: FakeErrorEvent) => void) {
    expect(type).toBe('error');
    this.listeners.add(listener);
  }
  removeEventListener(_type: string, listener: (event: FakeErrorEvent) => void) {
    this.listeners.delete(listener);
  }
  setTimeout(handler: () => void, ms: number) {
    return setTimeout(handler, ms);
  }
  /** Reports an error as Chromium does: to the listeners, then to the console unless one prevented it. */
  reportError(message: string, filename = '') {
    const event = new FakeErrorEvent(filename);
    for (const listener of [...this.listeners]) listener(event);
    if (!event.defaultPrevented) this.uncaught.push(message);
  }
}

/** A `<script>` as `injectScript` uses it. */
export class FakeScript {
  async = false;
  src = '';
  integrity = '';
  crossOrigin: string | null = null;
  private readonly listeners = new Map<string, Array<() => void>>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

/** Just enough document to append scripts and decide, per src, whether each loads. */
export class FakeDocument {
  readonly scripts: FakeScript[] = [];
  readonly defaultView = new FakeWindow();
  currentScript: FakeScript | null = null;
  scriptOutcome: (src: string) => ScriptOutcome = () => 'pending';
  /** What a script that loads defines as it runs. */
  runs: (src: string) => void = () => {};
  readonly head = {
    appendChild: (script: FakeScript) => {
      this.scripts.push(script);
      const outcome = this.scriptOutcome(script.src);
      if (outcome !== 'pending') setTimeout(() => this.settle(script, outcome), 5);
      return script;
    },
  };
  private settle(script: FakeScript, outcome: Exclude<ScriptOutcome, 'pending'>) {
    if (outcome === 'error') return script.fire('error');
    this.currentScript = script;
    if (outcome === 'throw') this.defaultView.reportError("Uncaught SyntaxError: Unexpected token '<'");
    else this.runs(script.src);
    this.currentScript = null;
    script.fire('load');
  }
  createElement(tagName: string) {
    expect(tagName).toBe('script');
    return new FakeScript();
  }
  scriptSrcs() {
    return this.scripts.map((script) => script.src);
  }
}
