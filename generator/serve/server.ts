// Serves a build the way production hosting should: sirv serves the files, a thin layer in front negotiates the language and routes.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import { IMMUTABLE, isSvgPath, plainHttpHeaders, SITE_HEADERS, SVG_POLICY } from '../hosts/headers.ts';
import { routeRequest, type RouterCampaign } from '../hosts/route.ts';
import { HOSTING_DIR, notFoundFiles } from '../hosts/site.ts';
import { chooseFallbackLocale, negotiateLocale, negotiationOrder } from '../../page/edge/negotiate.ts';
import { ServeDirMissing } from '../shared/errors.ts';
import { BuildWatch, sendUnavailable } from './build-watch.ts';
import { PageResponses, setVary } from './page-responses.ts';
import { handleRange } from './range.ts';
import { isAllowedHost, readTarget, type HostRules } from './request-target.ts';
import { failResponse, guardRequests, refuseConnect } from './resilience.ts';
import { MANIFEST_FILE, readCampaignManifests, urlPathOf, type CampaignManifest } from '../shared/manifest.ts';

/** One campaign folder, mounted at its base path. */
interface Mount {
  basePath: string;
  dir: string;
  defaultLocale: string;
  /** The locales in negotiation order: the default first. */
  locales: string[];
  /** The locale of visitors whose languages match none of `locales` (chooseFallbackLocale). */
  fallbackLocale: string;
  /** URL paths (relative to the base path, no slashes around) of the default locale's pages. */
  routes: Set<string>;
  /** The campaign as the hosts' router sees it, to pick the 404 page of a path as they do. */
  router: RouterCampaign;
  /** Each locale's 404 page that exists, by URL path (`/404.html`, `/de/404.html`). */
  notFound: Map<string, Buffer>;
  /** Headers of every response from this campaign: its Content-Security-Policy, as sent over plain http. */
  headers: Record<string, string>;
  /** Page files by the paths they answer (`de/feature1` and `de/feature1/index.html`); sent compressed by `pageResponses`. */
  pages: Map<string, string>;
  pageResponses: PageResponses;
  files: ReturnType<typeof sirv>;
}

/** What `store-landing dev` adds to serving (generator/dev/); `serve` has none of it. */
export interface DevHooks {
  /** Answers dev's own requests (its script, its event stream); false leaves the request to the site. */
  route(req: IncomingMessage, res: ServerResponse): boolean;
  /** The HTML document with dev's script added: pages and 404s are sent through it, uncompressed and uncached. */
  injectHtml(html: Buffer): Buffer;
}

/** A request handler; `reload` re-reads the build folder at once (dev calls it after each rebuild). */
export type Handler = ((req: IncomingMessage, res: ServerResponse) => void) & { reload(): void };

/**
 * The request handler for a build folder: the folder of one campaign (with `manifest.json`
 * listing its pages) or of `build --all` (with `manifest.json` listing the campaigns).
 * It re-reads the folder when a new build replaces it. Requests for a Host that `hosts` does not
 * allow are refused with 403 (request-target.ts).
 */
export function createHandler(dir: string, dev?: DevHooks, hosts: HostRules = {}): Handler {
  const root = path.resolve(dir);
  // A rebuild swaps the whole folder in: BuildWatch notices it, at most twice a second.
  const build = new BuildWatch(root, () => readMounts(root, dev));
  const html = (page: Buffer | undefined) => (page && dev ? dev.injectHtml(page) : page);

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const requested = readTarget(req);
    req.url = requested.url;
    // Before dev's own routes: its event stream carries the config's source lines.
    if (!isAllowedHost(requested.host, hosts)) {
      sendBlockedHost(res, requested.host!, req.method === 'HEAD');
      return;
    }
    if (dev?.route(req, res)) return;
    const state = build.current();
    for (const [name, value] of Object.entries(SITE_HEADERS)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed\n');
      return;
    }
    // The folder or its manifest is gone (a rebuild's swap, a killed build): say so, and serve it again once it is back.
    if (!state.ok) {
      sendUnavailable(res, root, req.method === 'HEAD');
      return;
    }
    const mounts = state.build;
    // Range is answered here, never by sirv (range.ts).
    handleRange(req, res);
    const [rawPath, query = ''] = (req.url ?? '/').split(/\?(.*)/s, 2);
    const pathname = safeDecode(rawPath!);
    const mount = pathname && findMount(mounts, pathname);
    if (!pathname || !mount) {
      sendNotFound(res, html(mounts[0] && notFoundPage(mounts[0], mounts[0].basePath)), req.method === 'HEAD');
      return;
    }
    for (const [name, value] of Object.entries(mount.headers)) res.setHeader(name, value);
    const rest = pathname.slice(mount.basePath.length - 1).replace(/^\/+|\/+$/g, '');
    // The host files are for the hosts: every adapter answers them with the 404 page, and so does serve.
    if (mount.dir === root && (rest === HOSTING_DIR || rest.startsWith(`${HOSTING_DIR}/`))) {
      sendNotFound(res, html(notFoundPage(mount, pathname)), req.method === 'HEAD');
      return;
    }
    const target = negotiate(mount, rest, req, res);
    const serveFile = () => {
      // sirv reads the path from req.url; the query string stays as it came.
      req.url = '/' + target + (query ? '?' + query : '');
      mount.files(req, res, () => sendNotFound(res, html(notFoundPage(mount, pathname)), req.method === 'HEAD'));
    };
    const page = mount.pages.get(target);
    // A page that cannot be read falls back to sirv; what that throws ends this request only.
    const fallBack = (sent: Promise<void>) => void sent.catch(serveFile).catch(() => failResponse(res));
    if (page && dev) fallBack(sendDevPage(path.join(mount.dir, page), dev, req, res));
    else if (page) fallBack(mount.pageResponses.send(path.join(mount.dir, page), req, res));
    else serveFile();
  };
  return Object.assign(guardRequests(handler), { reload: () => build.reload() });
}

/** A page as dev sends it: read now (dev rewrites pages in place), with dev's script, never cached. */
async function sendDevPage(file: string, dev: DevHooks, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = dev.injectHtml(await readFile(file));
  setVary(res);
  res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': body.byteLength });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Which file path serves `rest`: a plain route is rewritten (not redirected) to the
 * visitor's language by Accept-Language; `/<default locale>/...` is the plain route itself.
 */
function negotiate(mount: Mount, rest: string, req: IncomingMessage, res: ServerResponse): string {
  if (mount.routes.has(rest)) {
    // The one negotiation every host adapter runs too (page/edge/negotiate.ts).
    const language = negotiateLocale(req.headers['accept-language'], mount.locales, mount.defaultLocale, mount.fallbackLocale);
    res.setHeader('Content-Language', language);
    if (language === mount.defaultLocale) return rest;
    return rest ? `${language}/${rest}` : language;
  }
  const [first, ...others] = rest.split('/');
  if (first === mount.defaultLocale && mount.routes.has(others.join('/'))) return others.join('/');
  return rest;
}

/** The URL path decoded once; undefined for malformed encodings and paths no file can have. */
function safeDecode(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || /[\0\\]/.test(decoded) || decoded.split('/').some((part) => part === '..' || part === '.')) {
    return undefined;
  }
  return decoded;
}

/**
 * The 404 page of an unknown path: its locale folder's (`/de/nope` gets German), chosen as every host adapter
 * does; else the campaign's.
 */
function notFoundPage(mount: Mount, pathname: string): Buffer | undefined {
  const page = routeRequest([mount.router], pathname, undefined, negotiateLocale)?.notFound;
  return (page ? mount.notFound.get(page) : undefined) ?? mount.notFound.get(`${mount.basePath}404.html`);
}

function findMount(mounts: Mount[], pathname: string): Mount | undefined {
  const withSlash = pathname.endsWith('/') ? pathname : pathname + '/';
  return mounts.find((mount) => withSlash.startsWith(mount.basePath));
}

/** 403 for a request whose Host this server was not started for, saying how to allow it. */
function sendBlockedHost(res: ServerResponse, host: string, head: boolean) {
  res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  const name = host.replace(/:\d*$/, '');
  res.end(
    head
      ? undefined
      : `Blocked request: "${host}" is not a host name this server was started for.\nIf you meant to reach it by that name, start it again with --allowed-host ${name}\n`,
  );
}

function sendNotFound(res: ServerResponse, page: Buffer | undefined, head: boolean) {
  res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(head ? undefined : (page ?? '<!doctype html><title>404 Not Found</title><h1>404 Not Found</h1>'));
}

/** The mounts of a build folder, longest base path first so nested ones win. */
function readMounts(root: string, dev?: DevHooks): Mount[] {
  if (!existsSync(path.join(root, MANIFEST_FILE))) throw ServeDirMissing.create(root);
  return readCampaignManifests(root)
    .map(({ dir, manifest }) => mountOf(dir, manifest, Boolean(dev)))
    .sort((a, b) => b.basePath.length - a.basePath.length);
}

function mountOf(dir: string, manifest: CampaignManifest, dev: boolean): Mount {
  const { basePath, defaultLocale } = manifest;
  const locales = negotiationOrder(manifest.locales, defaultLocale);
  const fallbackLocale = chooseFallbackLocale(manifest.locales, defaultLocale);
  const routes = manifest.pages.filter((page) => page.locale === defaultLocale).map((page) => page.route.replace(/^\/+|\/+$/g, ''));
  // A build of an older version has only the campaign's 404.html: the other locales then get that one.
  const notFound = new Map<string, Buffer>();
  for (const file of notFoundFiles({ defaultLocale, locales })) {
    if (existsSync(path.join(dir, file))) notFound.set(basePath + file, readFileSync(path.join(dir, file)));
  }
  return {
    basePath,
    dir,
    defaultLocale,
    locales,
    fallbackLocale,
    routes: new Set(routes),
    router: { basePath, defaultLocale, fallbackLocale, locales, routes },
    notFound,
    // This server speaks only http: the policy must not send the browser to https (plainHttpHeaders).
    headers: plainHttpHeaders(manifest.headers),
    pages: new Map(
      manifest.pages.flatMap((page) => [
        [urlPathOf(page.file), page.file],
        [page.file, page.file],
      ]),
    ),
    pageResponses: new PageResponses(),
    files: sirv(dir, {
      // Dev rewrites files in place: sirv then looks each one up per request instead of listing the folder once.
      dev,
      etag: true,
      gzip: true,
      brotli: true,
      setHeaders(res, pathname) {
        // sirv sets Vary: Accept-Encoding itself; setVary adds the language where serve picked one.
        setVary(res);
        const hashed = pathname.startsWith('/assets/');
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
        // An SVG opened on its own is a document: the sandboxing policy, not the campaign's (hosts/headers.ts).
        if (isSvgPath(pathname)) res.setHeader('Content-Security-Policy', SVG_POLICY);
      },
    }),
  };
}

export interface ServeOptions {
  dir: string;
  port: number;
  host?: string;
  /** Host names to answer besides IP addresses, localhost and `host` (`--allowed-host`). */
  allowedHosts?: string[];
  /** Only `store-landing dev` passes these. */
  dev?: DevHooks;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Re-reads the build folder now, rather than within half a second. */
  reload(): void;
  close(): Promise<void>;
}

/** Starts serving `dir` over HTTP; resolves once listening. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const handler = createHandler(options.dir, options.dev, { listenHost: options.host, allowedHosts: options.allowedHosts });
  const server = createServer(handler);
  // Node closes a CONNECT it has no listener for without a word: answer it like any other method we do not serve.
  server.on('connect', refuseConnect);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const basePath = readMounts(path.resolve(options.dir)).at(-1)?.basePath ?? '/';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${basePath}`,
    port,
    reload: handler.reload,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
