// The WebKit tests' stand-in for the third parties when a test needs their answers, not a refusal: an HTTP
// proxy on loopback that opens each https CONNECT itself, with the tests' own certificate (the session accepts
// it: acceptInsecureCerts), and answers every request with the fakes the Chromium tests use (tests/browser/fakes.ts).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { TLSSocket } from 'node:tls';
import type { Fakes } from '../browser/fakes.ts';
import { hostOf, listenOnLoopback, type LoopbackProxy, type ProxiedRequest } from './refusing-proxy.ts';

/** A self-signed certificate and its key, for these fakes only (tests/fixtures/tls/README.md). */
const TLS = {
  key: readFileSync('tests/fixtures/tls/fakes-key.pem'),
  cert: readFileSync('tests/fixtures/tls/fakes-cert.pem'),
};

/** Starts a proxy whose every request `fakes` answers and records. */
export async function startFakingProxy(fakes: Fakes): Promise<LoopbackProxy> {
  const requests: ProxiedRequest[] = [];
  // The requests inside the tunnels: their URLs are the Host header's, on https.
  const tunnelled = createServer((req, res) => void answer(fakes, `https://${req.headers.host}${req.url}`, req, res));
  const server = createServer((req, res) => {
    requests.push({ host: hostOf(req.url ?? ''), at: Date.now() });
    void answer(fakes, req.url ?? '', req, res);
  });
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    requests.push({ host: req.url ?? '', at: Date.now() });
    // The page may leave while a tunnel is open; Node's server has stopped watching a CONNECT's socket.
    socket.on('error', () => {});
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const tls = new TLSSocket(socket, { isServer: true, ...TLS });
    tls.on('error', () => socket.destroy());
    tunnelled.emit('connection', tls);
  });
  return listenOnLoopback(server, requests, tunnelled);
}

/** Answers one request with `fakes`: its resource type is what WebKit says it is for (Sec-Fetch-Dest). */
async function answer(fakes: Fakes, url: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const destination = req.headers['sec-fetch-dest'];
  await fakes
    .answer({
      url,
      resourceType: destination === 'empty' || destination === undefined ? 'fetch' : String(destination),
      navigation: req.headers['sec-fetch-mode'] === 'navigate',
      respond: async ({ status, contentType, headers, body }) => {
        res.writeHead(status, { ...headers, 'Content-Type': contentType });
        res.end(body);
      },
      abort: async () => void res.destroy(),
    })
    // The page left while a slow answer waited: nothing left to answer.
    .catch(() => res.destroy());
}
