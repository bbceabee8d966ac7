// Injects a third-party <script> without blocking rendering and reports whether it loaded.

export interface ScriptOptions {
  /** Subresource-integrity hash; when given, the script is also fetched with `crossorigin="anonymous"`. */
  integrity?: string;
}

/**
 * Appends an async `<script src>` to the head. Resolves true when it loaded, false when it
 * failed or was blocked: never rejects, so a blocked host cannot cause an unhandled rejection.
 */
export function injectScript(doc: Document, src: string, options: ScriptOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const script = doc.createElement('script');
    script.async = true;
    if (options.integrity) {
      script.integrity = options.integrity;
      script.crossOrigin = 'anonymous';
    }
    script.addEventListener('load', () => resolve(true), { once: true });
    script.addEventListener('error', () => resolve(false), { once: true });
    script.src = src;
    (doc.head ?? doc.documentElement).appendChild(script);
  });
}
