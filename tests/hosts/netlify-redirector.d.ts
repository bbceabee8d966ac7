// Types for netlify-redirector (Netlify's redirect engine compiled to WebAssembly), which ships none: the part the Netlify test uses.
declare module 'netlify-redirector' {
  export interface RedirectMatch {
    from: string;
    to: string;
    status: number;
    force: boolean;
    conditions: Record<string, string>;
  }
  export interface RedirectRequest {
    scheme: string;
    host: string;
    path: string;
    query: string;
    headers: Record<string, string>;
    getHeader(name: string): string;
    getCookie(name: string): string;
  }
  export interface RedirectMatcher {
    match(request: RedirectRequest): RedirectMatch | null;
  }
  const redirector: {
    parseJSON(rules: string, options: Record<string, unknown>): Promise<RedirectMatcher>;
    parsePlain(rules: string, options: Record<string, unknown>): Promise<RedirectMatcher>;
  };
  export default redirector;
}
