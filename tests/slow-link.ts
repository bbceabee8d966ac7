// A phone's slow mobile link in front of a local server, the same for every engine (Chromium's own network
// emulation is Chromium's alone): each request waits a round trip, a new connection one more for its
// handshake, and the bytes of every response share one downlink at the profile's rate, first come first served.
// Nothing it answers may be cached: every visit is a first visit.
import { request as forward, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { serveOnLoopback, type LocalServer } from './local-servers.ts';

/** A link: its round trip and its download rate. Requests are a few hundred bytes: the uplink is not modelled. */
export interface LinkProfile {
  roundTripMs: number;
  downBytesPerSecond: number;
}

/** Slow 4G as Lighthouse defines it: 150 ms round trip, 1.6 Mbps down. */
export const SLOW_4G: LinkProfile = { roundTripMs: 150, downBytesPerSecond: 1.6e6 / 8 };

/** How much of a response crosses the link at a time: a few TCP segments, so that responses interleave. */
const PIECE_BYTES = 4 * 1460;

/** The link's downlink: each piece leaves once every piece queued before it has crossed. */
class Downlink {
  private freeAt = 0;

  constructor(private readonly bytesPerMs: number) {}

  /** Resolves once `bytes`, queued now, have crossed. */
  carry(bytes: number): Promise<void> {
    this.freeAt = Math.max(Date.now(), this.freeAt) + bytes / this.bytesPerMs;
    return new Promise((resolve) => setTimeout(resolve, this.freeAt - Date.now()));
  }
}

/**
 * Serves `origin` (`http://127.0.0.1:PORT`) through a link of `profile`: the server's own answers,
 * headers and compression included (but for caching: no-store), each as late as the link makes it.
 */
export function startSlowLink(origin: string, profile: LinkProfile): Promise<LocalServer> {
  const downlink = new Downlink(profile.downBytesPerSecond / 1000);
  const connected = new WeakSet<Socket>();
  return serveOnLoopback(async (req, res) => {
    // A new connection's handshake, then the request's own round trip.
    const roundTrips = connected.has(req.socket) ? 1 : 2;
    connected.add(req.socket);
    await new Promise((resolve) => setTimeout(resolve, roundTrips * profile.roundTripMs));
    const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = forward(new URL(req.url ?? '/', origin), { method: req.method, headers: req.headers }, resolve);
      outgoing.once('error', reject);
      req.pipe(outgoing);
    }).catch(() => undefined);
    if (!upstream) {
      res.writeHead(502).end();
      return;
    }
    res.writeHead(upstream.statusCode ?? 502, { ...upstream.headers, 'cache-control': 'no-store' });
    // The browser left (the page navigated away): nothing more to carry.
    res.once('close', () => upstream.destroy());
    try {
      for await (const chunk of upstream as AsyncIterable<Buffer>) {
        for (let start = 0; start < chunk.length; start += PIECE_BYTES) {
          const piece = chunk.subarray(start, start + PIECE_BYTES);
          await downlink.carry(piece.length);
          if (res.destroyed) return;
          res.write(piece);
        }
      }
      res.end();
    } catch {
      res.destroy();
    }
  });
}
