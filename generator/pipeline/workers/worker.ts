// A build worker thread: builds its share of the campaigns (assemble -> render -> files), writes their pages into
// the build's staging folder and posts the other files to the parent, which writes them (workers.ts starts it).
import { dirname, join } from 'node:path';
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { buildCampaign } from '../campaign/index.ts';
import { createCampaignContext } from '../campaign/context.ts';
import type { MessagesOf } from '../render/index.ts';
import { toWireError, WORKER_KIND, type ParentMessage, type WireFile, type WorkerInput, type WorkerMessage } from './worker-protocol.ts';
import { byteLength, Folders, isPieces, writeParts } from '../output/staging-writer.ts';
import type { OutputFile } from '../output/write.ts';

/**
 * The file this code runs from: the TypeScript source under tsx, the compiled chunk in dist/
 * (workers.ts imports this module only dynamically, so the compile gives it a chunk of its own,
 * without validation, images or esbuild, which a worker never needs). Spelled with brackets
 * because bin/compile.js points the dotted spelling at the source file, for finding files of
 * the package, and a worker must start the code that runs.
 */
export const WORKER_FILE: string = import.meta['url'];

/** How many built campaigns a worker may have waiting for the writer: enough to keep it busy, few enough to bound memory. */
const AHEAD = 2;

/** Builds the share one campaign after another, at most AHEAD campaigns ahead of the writer. */
async function runWorker(input: WorkerInput, port: MessagePort): Promise<void> {
  const context = createCampaignContext(input.bundle);
  const named = sharedAssets(input);
  const folders = new Folders();
  const byConfig = new Map(input.share.map((entry) => [entry.plan.config, entry.messages]));
  const messages: MessagesOf = (config, locale) => byConfig.get(config)![locale]!;
  let waiting = 0;
  let written: (() => void) | undefined;
  port.on('message', (message: ParentMessage) => {
    if (message.type === 'written') waiting--;
    written?.();
  });
  try {
    for (const { index, plan, images } of input.share) {
      while (waiting >= AHEAD) await new Promise<void>((resolve) => (written = resolve));
      const built = await buildCampaign(plan, images, { messages, context, all: input.all });
      const { files, transfer } = toWire(built.files, named, folders, input.staging);
      waiting++;
      port.postMessage({ type: 'campaign', index, files, entry: built.entry } satisfies WorkerMessage, transfer);
    }
    port.postMessage({ type: 'done' } satisfies WorkerMessage);
  } catch (error) {
    port.postMessage({ type: 'failed', error: toWireError(error) } satisfies WorkerMessage);
  }
}

/** The bytes campaigns share (the bundle, the images), by asset name. */
function sharedAssets(input: WorkerInput): Map<Uint8Array, string> {
  const maps = new Set(input.share.map(({ images }) => images));
  const images = [...maps].flatMap((byKey) => [...byKey.values()].flatMap((image) => image.files));
  return new Map([...input.bundle.files, ...images].map((asset) => [asset.contents, asset.name]));
}

/**
 * A campaign's files as posted. With the staging folder, its documents are written here, from
 * their parts: a document sent to the parent is a copy of its own in memory that lives until
 * the parent's next collection, and such copies of thousands of pages filled the threads' heaps
 * of native memory. Pages get no compressed twins (shared/compress.ts), so nothing else is owed them.
 */
function toWire(
  files: OutputFile[],
  named: Map<Uint8Array, string>,
  folders: Folders,
  staging?: string,
): { files: WireFile[]; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const wire = files.map((file): WireFile => {
    const { path, contents } = file;
    if (isParts(contents) && staging) {
      const destination = join(staging, path);
      folders.make(dirname(destination));
      writeParts(destination, contents);
      return { path, written: byteLength(contents) };
    }
    if (isParts(contents)) return { path, document: joined(contents, transfer) };
    // A campaign's own files are never made in pieces (only the site's root files are): joined, if ever.
    if (isPieces(contents)) return { path, contents: [...contents.pieces()].join('') };
    if (typeof contents === 'string') return { path, contents };
    if (!(contents instanceof Uint8Array)) throw new Error(`${path} is marked written: only this function writes a file here.`);
    const asset = named.get(contents);
    return asset ? { path, asset } : { path, contents };
  });
  return { files: wire, transfer };
}

function isParts(contents: OutputFile['contents']): contents is readonly Uint8Array[] {
  return Array.isArray(contents);
}

/** A document's parts in one buffer of its own memory (never Buffer's shared pool), so it can be transferred. */
function joined(parts: readonly Uint8Array[], transfer: ArrayBuffer[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const document = Buffer.allocUnsafeSlow(total);
  let offset = 0;
  for (const part of parts) {
    document.set(part, offset);
    offset += part.byteLength;
  }
  transfer.push(document.buffer as ArrayBuffer);
  return document;
}

if (!isMainThread && (workerData as Partial<WorkerInput> | null)?.kind === WORKER_KIND)
  void runWorker(workerData as WorkerInput, parentPort!);
