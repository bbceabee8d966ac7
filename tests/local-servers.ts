// Small http servers on loopback for the tests and scripts: any handler, or a host that negotiates nothing (a
// plain file server, a bucket, GitHub Pages) serving a folder's files as they are.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

/** A running server on loopback. */
export interface LocalServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Stops it, with the connections browsers keep alive (close alone waits for them to idle out). */
  close(): Promise<void>;
}

/** Serves `handler` on a free port of 127.0.0.1. */
export async function serveOnLoopback(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Serves `dir`'s files as they are, `feature1` answered by `feature1/index.html`: no language, no
 * rewrite, 404 for anything else. `before`, when given, is awaited before each answer (to record
 * a request or hold it back).
 */
export function servePlainFiles(dir: string, before?: (url: URL) => void | Promise<void>): Promise<LocalServer> {
  const files = sirv(dir, { dev: false, extensions: ['html'] });
  return serveOnLoopback(async (req, res) => {
    await before?.(new URL(req.url ?? '/', 'http://plain'));
    files(req, res, () => void res.writeHead(404).end());
  });
}
