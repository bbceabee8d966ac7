// Byte ranges (RFC 9110 §14) decided in front of sirv, whose own Range parsing throws out of the process on `bytes=5-1`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/** A syntactically valid single range: `bytes=a-b` and `bytes=a-` (`first`), or `bytes=-n` (`suffix`). */
export type RangeSpec = { first: number; last?: number } | { suffix: number };

/** What to send for a range of a representation of `size` bytes. */
export type RangeAnswer = { status: 206; start: number; end: number } | { status: 416 } | { status: 200 };

/** `bytes=` then one range-spec; OWS is allowed around it. The unit is case-insensitive (RFC 9110 §14.1). */
const SINGLE_RANGE = /^bytes=[ \t]*(?:(\d+)-(\d*)|-(\d+))[ \t]*$/i;

/**
 * The one range a Range header asks for, or undefined when the header must be ignored: absent,
 * syntactically invalid, an int-range whose last-pos is below its first-pos (invalid per §14.1.1),
 * or several ranges (a server MAY ignore them, §14.2; a landing page's assets gain nothing from
 * multipart/byteranges). Digits past 2^53 stay large numbers, which compare correctly with any size.
 */
export function parseRange(header: string | undefined): RangeSpec | undefined {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header);
  if (!match) return undefined;
  if (match[3] !== undefined) return { suffix: Number(match[3]) };
  const first = Number(match[1]);
  if (match[2] === '') return { first };
  const last = Number(match[2]);
  return last < first ? undefined : { first, last };
}

/**
 * The answer for `spec` on `size` bytes (§14.1.1-14.1.2): a satisfiable range is clipped to the
 * representation; `bytes=-0` and a first-pos at or past the end are unsatisfiable (416). An empty
 * representation gets 200: no range of it can be written as a Content-Range.
 */
export function resolveRange(spec: RangeSpec, size: number): RangeAnswer {
  if (size === 0) return { status: 200 };
  if ('suffix' in spec) {
    if (spec.suffix === 0) return { status: 416 };
    return { status: 206, start: Math.max(0, size - spec.suffix), end: size - 1 };
  }
  if (spec.first >= size) return { status: 416 };
  return { status: 206, start: spec.first, end: Math.min(spec.last ?? size - 1, size - 1) };
}

/**
 * Takes Range and If-Range off the request, so sirv never parses them, and answers ranges itself:
 * a 200 that the handler then writes with a Content-Length becomes 206 with just those bytes, or
 * 416 with a Content-Range naming only the size. Pages and files alike, in whichever encoding was chosen
 * (a range is of the selected representation). Ranges apply to GET only (§14.2). A request with
 * If-Range gets the whole file: sirv's validators are weak ETags, which If-Range may not use, and
 * the whole representation is always a correct answer.
 */
export function handleRange(req: IncomingMessage, res: ServerResponse): void {
  const header = req.headers.range;
  const conditional = req.headers['if-range'] !== undefined;
  delete req.headers.range;
  delete req.headers['if-range'];
  if (req.method !== 'GET') return;
  const spec = conditional ? undefined : parseRange(header);
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, unknown>) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) ?? {};
    const size = Number(headers['Content-Length'] ?? res.getHeader('content-length'));
    if (status !== 200 || !Number.isSafeInteger(size)) return writeHead(status, headers);
    const answer = spec ? resolveRange(spec, size) : { status: 200 as const };
    res.setHeader('Accept-Ranges', 'bytes');
    if (answer.status === 200) return writeHead(200, headers);
    if (answer.status === 416) {
      discardBody(res);
      return writeHead(416, { ...withoutLength(headers), 'Content-Range': `bytes */${size}`, 'Content-Length': 0 });
    }
    sliceBody(res, answer.start, answer.end);
    const length = answer.end - answer.start + 1;
    return writeHead(206, {
      ...withoutLength(headers),
      'Content-Range': `bytes ${answer.start}-${answer.end}/${size}`,
      'Content-Length': length,
    });
  }) as ServerResponse['writeHead'];
}

function withoutLength(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-length'));
}

/** Body chunks as they reach `res.write`/`res.end`, in either shape callers pass them. */
type Chunk = string | Uint8Array;

/** Lets only bytes `start..end` of the body through; a piped source is stopped once they are sent. */
function sliceBody(res: ServerResponse, start: number, end: number): void {
  let offset = 0;
  let source: Readable | undefined;
  res.once('pipe', (readable: Readable) => (source = readable));
  const write = res.write.bind(res) as (chunk: Chunk) => boolean;
  const finish = res.end.bind(res) as (chunk?: Chunk) => ServerResponse;
  const keep = (chunk: Chunk | undefined): Buffer | undefined => {
    if (chunk === undefined) return undefined;
    const bytes = Buffer.from(chunk);
    const part = bytes.subarray(Math.max(0, start - offset), Math.max(0, end + 1 - offset));
    offset += bytes.byteLength;
    return part.byteLength ? part : undefined;
  };
  res.write = ((chunk: Chunk) => {
    // Writing after the end would raise an error event nobody listens to.
    if (res.writableEnded) return false;
    const part = keep(chunk);
    const flowing = part ? write(part) : true;
    if (offset > end && source) {
      // Every byte asked for is out: the rest of the file need not be read.
      source.unpipe(res);
      source.destroy();
      finish();
    }
    return flowing;
  }) as ServerResponse['write'];
  res.end = ((chunk?: Chunk) => {
    if (res.writableEnded) return res;
    const part = keep(chunk);
    return part ? finish(part) : finish();
  }) as ServerResponse['end'];
}

/** A 416 has no body: whatever the handler writes is dropped, and a piped file is not read. */
function discardBody(res: ServerResponse): void {
  const finish = res.end.bind(res) as () => ServerResponse;
  res.once('pipe', (readable: Readable) => {
    readable.unpipe(res);
    readable.destroy();
    finish();
  });
  res.write = (() => !res.writableEnded) as ServerResponse['write'];
  res.end = (() => (res.writableEnded ? res : finish())) as ServerResponse['end'];
}
