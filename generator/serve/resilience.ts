// What keeps `serve` answering whatever a request or the disk does: a failed request ends that request, never the process.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex, Readable } from 'node:stream';

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `handler`, made unable to end the process: what it throws becomes a 500 (or, once the
 * headers are out, a cut connection); a file that vanishes while it is piped (a rebuild swapped
 * the folder between sirv's lookup and its read, which sirv does not listen for) cuts that
 * response instead of raising an unhandled `error` event.
 */
export function guardRequests(handler: RequestHandler): RequestHandler {
  return (req, res) => {
    res.on('pipe', (source: Readable) => source.on('error', () => failResponse(res)));
    try {
      handler(req, res);
    } catch {
      failResponse(res);
    }
  };
}

/** Ends a response that could not be served: 500 while nothing is sent yet, else the connection is cut. */
export function failResponse(res: ServerResponse): void {
  if (res.headersSent || res.writableEnded) {
    res.destroy();
    return;
  }
  try {
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('Internal Server Error\n');
  } catch {
    res.destroy();
  }
}

/** Answers a CONNECT request (proxy tunnelling, which `serve` is not) with 405 and closes the connection. */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => {});
  socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
}
