// The WebKit tests' stand-in for the internet: an HTTP proxy on loopback that refuses every third-party
// request at once and records which host was asked for, and when.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/** A request the page made to a third-party host: `host:port`, and when it reached the proxy (Date.now()). */
export interface ProxiedRequest {
  host: string;
  at: number;
}

/** A running proxy of the WebKit tests: this one, or the faking one (faking-proxy.ts). */
export interface LoopbackProxy {
  /** `http://127.0.0.1:PORT`, for the browser's proxy setting. */
  url: string;
  /** What the page asked for, in order. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * Starts the proxy. MiniBrowser sends every request but those to the hosts it is told to ignore
 * (the local servers) through it: an https request arrives as a CONNECT, answered 403 before any
 * byte goes further, so a page that tries the real hosts fails those requests at once instead of
 * waiting on a network this machine does not have. Nothing is forwarded anywhere.
 */
export async function startRefusingProxy(): Promise<LoopbackProxy> {
  const requests: ProxiedRequest[] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ host: hostOf(req.url ?? ''), at: Date.now() });
    res.writeHead(403, { 'Content-Type': 'text/plain', Connection: 'close' });
    res.end("Refused by the WebKit tests' proxy: no test reaches the internet.\n");
  });
  server.on('connect', (req, socket: Duplex) => {
    requests.push({ host: req.url ?? '', at: Date.now() });
    // The browser may reset the connection before it reads the refusal; Node's server has stopped watching a
    // CONNECT's socket, so an error left unheard here would end the test run.
    socket.on('error', () => {});
    socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
  });
  return listenOnLoopback(server, requests);
}

/**
 * `server` listening on a free loopback port, as a proxy recording into `requests`. Closing it
 * ends every connection first, those of `inner` too (the server of a proxy's tunnels).
 */
export async function listenOnLoopback(server: Server, requests: ProxiedRequest[], inner?: Server): Promise<LoopbackProxy> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        inner?.closeAllConnections();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `host:port` of a proxied plain-http request's absolute URL, as a CONNECT names its target. */
export function hostOf(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || 80}`;
  } catch {
    return url;
  }
}
