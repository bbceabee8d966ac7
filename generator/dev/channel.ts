// Dev's line to the open pages: its browser script, a server-sent event stream, and the script's tag added to every HTML response.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MODULE_LOADER, MODULE_SCRIPTS_ID, scriptText } from '../pipeline/render/document.ts';
import { DEV_DIR } from '../hosts/site.ts';
import type { DevHooks } from '../serve/server.ts';
import type { OverlayProblem } from './problems.ts';

/** Dev's own URLs; no build writes anything under this path, and validation keeps every base path out of it. */
export const DEV_PREFIX = `/${DEV_DIR}/`;
export const CLIENT_URL = `${DEV_PREFIX}client.js`;
export const EVENTS_URL = `${DEV_PREFIX}events`;

/**
 * What the pages are told. `reload`: the build changed; `error`: the last rebuild failed and
 * the last good build is still served (the overlay shows why); `ok`: the error is gone.
 */
export type DevMessage = { type: 'reload' } | { type: 'ok' } | { type: 'error'; title: string; problems: OverlayProblem[] };

/**
 * The script tag goes before `</head>`: a module script, so it runs after parsing without
 * blocking it, from our own origin, which the pages' Content-Security-Policy allows
 * (`script-src 'self'`, `connect-src 'self'`): the policy needs no change for dev.
 */
/**
 * Under the pages' 'strict-dynamic' policy a script runs only when a hashed one starts it: dev's
 * goes into the page's list of module scripts, which the hashed loader starts
 * (generator/pipeline/render/document.ts); a page without the list (the 404 page) gets the list and the loader.
 */
const CLIENT_TAG = `<script type="module" src="${CLIENT_URL}"></script>`;
const TEMPLATE_START = Buffer.from(`<template id="${MODULE_SCRIPTS_ID}">`);
const STANDALONE = Buffer.from(
  `<template id="${MODULE_SCRIPTS_ID}">${CLIENT_TAG}</template><script type="module">${scriptText(MODULE_LOADER)}</script>`,
);
const BODY_END = Buffer.from('</body>');

/** The event stream and the hooks the server calls (see DevHooks in serve/server.ts). */
export class DevChannel implements DevHooks {
  private readonly clients = new Set<ServerResponse>();
  /** The failure pages must show until it is fixed; a page opened meanwhile gets it at once. */
  private failure: DevMessage | undefined;

  constructor(private readonly clientScript: string) {}

  /** How many pages are listening. */
  get listeners(): number {
    return this.clients.size;
  }

  route(req: IncomingMessage, res: ServerResponse): boolean {
    const pathname = (req.url ?? '').split('?')[0]!;
    if (!pathname.startsWith(DEV_PREFIX)) return false;
    if (pathname === CLIENT_URL) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(this.clientScript);
    } else if (pathname === EVENTS_URL) {
      this.open(res);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not Found\n');
    }
    return true;
  }

  injectHtml(html: Buffer): Buffer {
    const template = html.indexOf(TEMPLATE_START);
    if (template !== -1) {
      const at = template + TEMPLATE_START.length;
      return Buffer.concat([html.subarray(0, at), Buffer.from(CLIENT_TAG), html.subarray(at)]);
    }
    const at = html.lastIndexOf(BODY_END);
    return at === -1 ? Buffer.concat([html, STANDALONE]) : Buffer.concat([html.subarray(0, at), STANDALONE, html.subarray(at)]);
  }

  /** Tells every open page; an `error` is kept for pages that connect later, until `ok` or `reload`. */
  send(message: DevMessage): void {
    this.failure = message.type === 'error' ? message : undefined;
    for (const client of this.clients) client.write(frame(message));
  }

  /** Ends every stream (the server is closing). */
  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private open(res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    // EventSource reconnects on its own; a restarted dev server is found again within half a second.
    res.write('retry: 500\n\n');
    if (this.failure) res.write(frame(this.failure));
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }
}

function frame(message: DevMessage): string {
  return `data: ${JSON.stringify(message)}\n\n`;
}
