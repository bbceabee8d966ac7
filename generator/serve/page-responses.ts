// Pages as `serve` sends them: compressed on their first request, the way a CDN does, and kept for every later one.
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { compressBoth } from '../shared/compress.ts';

/** One page in each encoding, with the validator sirv would give the file. */
interface PageEncodings {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Best first: a client accepting several equally gets the smallest. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** negotiator 1.x breaks ties between equally accepted encodings by `preferred`; its types predate the option. */
interface EncodingNegotiator {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
}

/**
 * Compressed pages of one build folder, by file. The build writes pages without twins (see
 * compress.ts); `serve` compresses each page once, at the highest settings, on the first
 * request, and answers every later request from memory.
 */
export class PageResponses {
  private readonly pages = new Map<string, Promise<PageEncodings>>();

  /** Sends `file` in the encoding `req` accepts best, or 304 when the client's copy is current. */
  async send(file: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const page = await this.encodings(file);
    const negotiator = new Negotiator(req) as unknown as EncodingNegotiator;
    const encoding = (negotiator.encoding(ENCODINGS, { preferred: ENCODINGS }) ?? 'identity') as Encoding;
    res.setHeader('Content-Type', 'text/html;charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', page.etag);
    setVary(res);
    if (req.headers['if-none-match'] === page.etag) {
      res.writeHead(304);
      res.end();
      return;
    }
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    const body = page[encoding];
    res.writeHead(200, { 'Content-Length': body.byteLength });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private encodings(file: string): Promise<PageEncodings> {
    let page = this.pages.get(file);
    if (!page) {
      page = compressPage(file);
      // A failed read (a rebuild swapping the folder) is retried on the next request.
      page.catch(() => this.pages.delete(file));
      this.pages.set(file, page);
    }
    return page;
  }
}

/** Vary of a response chosen by encoding, and by language too when `serve` picked the page by Accept-Language. */
export function setVary(res: ServerResponse): void {
  res.setHeader('Vary', res.hasHeader('Content-Language') ? 'Accept-Language, Accept-Encoding' : 'Accept-Encoding');
}

async function compressPage(file: string): Promise<PageEncodings> {
  const [identity, stats] = await Promise.all([readFile(file), stat(file)]);
  const [gz, br] = await compressBoth(identity, 9, 11);
  return { etag: `W/"${stats.size}-${stats.mtime.getTime()}"`, identity, br: br!.contents, gzip: gz!.contents };
}
