// Injects a third-party <script> without blocking rendering and reports whether it loaded and ran.

export interface ScriptOptions {
  /** Subresource-integrity hash; when given, the script is also fetched with `crossorigin="anonymous"`. */
  integrity?: string;
  /**
   * Checked once the script has run: false counts it as failed. A captive portal or a broken
   * CDN can answer 200 with an HTML page; the browser then fires `load` after a SyntaxError,
   * with nothing defined.
   */
  defines?: () => boolean;
}

/** The part of `window` injectScript uses; its `error` event reports what a classic script throws as it runs. */
interface ScriptWindow {
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  removeEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  setTimeout(handler: () => void, ms: number): unknown;
}

/**
 * True when an `error` event of the window is the one `script` raised as it ran (a parse
 * error included). Chromium and WebKit report a classic script's top-level error while
 * `document.currentScript` is that script, even for a cross-origin script without CORS,
 * whose event says only "Script error." with no file name; the file name covers the rest.
 */
export function isErrorOf(script: HTMLScriptElement, doc: Pick<Document, 'currentScript'>, event: Pick<ErrorEvent, 'filename'>): boolean {
  return doc.currentScript === script || (Boolean(event.filename) && event.filename === script.src);
}

function definesSafely(defines: (() => boolean) | undefined): boolean {
  try {
    return defines ? defines() : true;
  } catch {
    return false;
  }
}

/**
 * Appends an async `<script src>` to the head, in a task of its own: asking the browser for a
 * cross-origin script takes milliseconds of the main thread, and the caller is often the
 * runtime's first task, which should stay short. Resolves true when it loaded, ran without
 * throwing and (with `defines`) defined what it should; false when it failed, was blocked,
 * threw or defined nothing. Never rejects. What the script throws as it runs is marked handled
 * (`preventDefault` on the window's `error` event), so a garbage answer never shows as an
 * uncaught error: the caller decides what a failure means (one warning, or nothing).
 */
export function injectScript(doc: Document, src: string, options: ScriptOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const win = doc.defaultView as ScriptWindow | null;
    const inject = () => {
      let script: HTMLScriptElement | null = null;
      let threw = false;
      const onError = (event: ErrorEvent) => {
        if (!script || !isErrorOf(script, doc, event)) return;
        threw = true;
        event.preventDefault();
      };
      const settle = (loaded: boolean) => {
        win?.removeEventListener('error', onError);
        resolve(loaded && !threw && definesSafely(options.defines));
      };
      try {
        script = doc.createElement('script');
        win?.addEventListener('error', onError);
        script.async = true;
        if (options.integrity) {
          script.integrity = options.integrity;
          script.crossOrigin = 'anonymous';
        }
        script.addEventListener('load', () => settle(true), { once: true });
        script.addEventListener('error', () => settle(false), { once: true });
        script.src = src;
        (doc.head ?? doc.documentElement).appendChild(script);
      } catch {
        // A DOM that refuses the script element is a failed load like any other.
        settle(false);
      }
    };
    if (win) win.setTimeout(inject, 0);
    else inject();
  });
}
