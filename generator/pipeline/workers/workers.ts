// Builds a build's campaigns in its own thread, or on worker threads (worker.ts) when there are many distinct
// pages: each worker a share (shardPlans), the parent writing what they post.
import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';
import type { Messages } from '../../../page/contract/props.ts';
import type { AssetFile } from '../bundle/bundle.ts';
import { buildCampaign, type BuiltCampaign } from '../campaign/index.ts';
import type { BuildContext } from '../context.ts';
import { collectImages, sharedImages, type ImagePipeline, type OptimizedImage } from '../images/images.ts';
import { collectShareImages } from '../images/share-card.ts';
import { shardPlans, type CampaignPlan } from '../plan.ts';
import { templateKey } from '../render/documents.ts';
import type { MessagesOf } from '../render/index.ts';
import {
  fromWireError,
  WORKER_KIND,
  type ParentMessage,
  type ShareEntry,
  type WireFile,
  type WorkerInput,
  type WorkerMessage,
} from './worker-protocol.ts';
import type { OutputFile } from '../output/write.ts';

/**
 * Fewer distinct pages than this render in the build's own thread: a worker loads React and
 * the page's view before its first page, which costs more than rendering so few pages on the
 * other cores saves. Campaigns that share a template count once. On two cores the workers also
 * share them with the build's own thread, which writes what they render, so there they pay off
 * only from a larger site (`npm run bench` compares one thread with the workers).
 */
function minDistinctPages(cores: number): number {
  return cores <= 2 ? 2000 : 400;
}

/**
 * Each worker's heap. Unlimited, V8 lets a heap grow to several times what it holds before it
 * collects, and every worker's does at once; a worker holds its share's configs and the caches
 * of campaign/context.ts, a fraction of this, so the limit costs no time and keeps a build's
 * memory flat. The young generation, where each page's garbage dies, needs no more room: its
 * pages are written as they are made (worker.ts), so little outlives a page.
 */
const WORKER_HEAP: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 };
const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

/** A campaign built, with its index among the build's plans (workers finish in any order). */
export interface IndexedCampaign {
  index: number;
  built: BuiltCampaign;
}

/** What building the campaigns takes besides the plans. */
export interface CampaignsInput {
  messages: MessagesOf;
  /** The config's folder, which image paths are relative to. */
  dir: string;
  context: BuildContext;
  all: boolean;
  /** The staging folder once writeOutput made it (its `onStaging`): workers then write their pages into it. */
  staging?: { folder?: string };
}

/**
 * How many threads build: `requested`, or one per core when the plans hold at least
 * minDistinctPages distinct pages, else one; never more than one per campaign. One is the
 * build's own thread (campaignsInProcess), more are workers (campaignsInWorkers).
 */
export function workerCount(plans: readonly CampaignPlan[], requested?: number, cores = availableParallelism()): number {
  if (requested !== undefined) return Math.max(1, Math.min(requested, plans.length));
  const distinct = new Map(plans.map((plan) => [templateKey(plan.config), plan.pages.length]));
  const distinctPages = [...distinct.values()].reduce((total, pages) => total + pages, 0);
  return distinctPages >= minDistinctPages(cores) ? Math.max(1, Math.min(cores, plans.length)) : 1;
}

/**
 * A campaign's images, optimized: those its config names, and its share images (share-card.ts).
 * Campaigns that show the same images get one map (images.ts sharedImages).
 */
export async function campaignImages(
  plan: CampaignPlan,
  { messages, dir, images }: { messages: MessagesOf; dir: string; images: ImagePipeline },
): Promise<Map<string, OptimizedImage>> {
  const { config } = plan;
  const appName = (locale: string) => String((messages(config, locale)?.app as Messages | undefined)?.name ?? '');
  const shareImages = await collectShareImages(config, dir, images, appName);
  return sharedImages(new Map([...(await collectImages(config, dir, images)), ...shareImages]), images);
}

/** Builds the campaigns one after another in this thread, each when the writer asks for it. */
export async function* campaignsInProcess(plans: readonly CampaignPlan[], input: CampaignsInput): AsyncGenerator<IndexedCampaign> {
  for (const [index, plan] of plans.entries()) {
    const images = await campaignImages(plan, { ...input, images: input.context.images });
    yield { index, built: await buildCampaign(plan, images, input) };
  }
}

/**
 * Builds the campaigns on `jobs` worker threads, yielding each as it arrives. The images are
 * optimized here first, so no two workers encode one. A failure in a worker is thrown here as
 * the same error; returning early (the writer failed) stops every worker. A worker that runs
 * out of its `heap` hands the campaigns it has not built to this thread.
 */
export async function* campaignsInWorkers(
  plans: readonly CampaignPlan[],
  jobs: number,
  input: CampaignsInput,
  heap: ResourceLimits = WORKER_HEAP,
): AsyncGenerator<IndexedCampaign> {
  const images: Array<Map<string, OptimizedImage>> = [];
  for (const plan of plans) images.push(await campaignImages(plan, { ...input, images: input.context.images }));
  const shared = sharedAssets(input.context.bundle.files, images);
  const shares = splitShares(plans, jobs, images, input.messages);
  const { WORKER_FILE } = await import('./worker.ts');
  const inbox = new Inbox();
  const workers = shares.map((share, i) =>
    startWorker(
      WORKER_FILE,
      { kind: WORKER_KIND, share, all: input.all, bundle: input.context.bundle, staging: input.staging?.folder },
      heap,
      i,
      inbox,
    ),
  );
  const built = new Set<number>();
  const leftovers: ShareEntry[] = [];
  const seen: SharedStrings = { strings: new Map(), lists: new Map() };
  try {
    for (let running = workers.length; running > 0; ) {
      const { worker, message } = await inbox.next();
      if (message.type === 'campaign') {
        built.add(message.index);
        const entry = withSharedStrings(message.entry, seen);
        yield { index: message.index, built: { files: message.files.map((file) => fromWire(file, shared)), entry } };
        workers[worker]!.postMessage({ type: 'written' } satisfies ParentMessage);
        continue;
      }
      running--;
      // Gone at once: its memory is not needed for the other workers' campaigns.
      void workers[worker]!.terminate();
      if (message.type === 'failed' && message.error.code !== OUT_OF_MEMORY) throw fromWireError(message.error);
      if (message.type === 'failed') leftovers.push(...shares[worker]!.filter((entry) => !built.has(entry.index)));
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  for (const { index, plan, images } of leftovers) yield { index, built: await buildCampaign(plan, images, input) };
}

/** Each worker's share: the campaigns shardPlans gives it, with their images and translations. */
function splitShares(
  plans: readonly CampaignPlan[],
  jobs: number,
  images: Array<Map<string, OptimizedImage>>,
  messages: MessagesOf,
): ShareEntry[][] {
  const indexed = plans.map((plan, index) => ({ index, plan, pages: plan.pages }));
  return Array.from({ length: jobs }, (_, i) =>
    shardPlans(indexed, { index: i + 1, count: jobs }).map(({ index, plan }) => ({
      index,
      plan,
      images: images[index]!,
      messages: messagesOf(plan, messages),
    })),
  );
}

function messagesOf(plan: CampaignPlan, messages: MessagesOf): Record<string, Messages> {
  return Object.fromEntries(plan.config.locales.map((locale) => [locale, messages(plan.config, locale)]));
}

/** The bytes campaigns share (the bundle, the images), by asset name: a worker names them, this thread writes its own. */
function sharedAssets(bundle: readonly AssetFile[], images: Array<Map<string, OptimizedImage>>): Map<string, Uint8Array> {
  // Campaigns that show the same images share one map (sharedImages): each map once.
  const assets = [...bundle, ...[...new Set(images)].flatMap((byKey) => [...byKey.values()].flatMap((image) => image.files))];
  return new Map(assets.map((asset) => [asset.name, asset.contents]));
}

/**
 * A posted file as the writer takes it: a document as parts (written as in this thread, no twins), an asset
 * as the parent's own bytes (hard-linked after the first).
 */
function fromWire(file: WireFile, shared: Map<string, Uint8Array>): OutputFile {
  if ('written' in file) return { path: file.path, contents: { written: file.written } };
  if ('document' in file) return { path: file.path, contents: [file.document] };
  if ('asset' in file) return { path: file.path, contents: shared.get(file.asset)! };
  return file;
}

/** Strings and lists of strings seen so far, each by its content (withSharedStrings). */
export interface SharedStrings {
  strings: Map<string, string>;
  lists: Map<string, readonly string[]>;
}

/**
 * `value` with each of its strings, and each list of strings, replaced by the first equal one
 * `seen` holds. A message arrives with strings of its own: a campaign's entry, kept until the
 * site's root files are written, would otherwise hold its own copy of every asset name and page
 * path its manifest lists (many kilobytes a campaign), where campaigns built in this thread share them.
 */
export function withSharedStrings<T>(value: T, seen: SharedStrings): T {
  if (typeof value === 'string') return shared(seen.strings, value, value) as T;
  if (Array.isArray(value)) {
    const items: unknown[] = value.map((item: unknown) => withSharedStrings(item, seen));
    const strings = items.every((item) => typeof item === 'string') ? (items as string[]) : undefined;
    return (strings ? shared(seen.lists, JSON.stringify(strings), strings) : items) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withSharedStrings(item, seen)])) as T;
}

function shared<V>(seen: Map<string, V>, key: string, value: V): V {
  const known = seen.get(key);
  if (known !== undefined) return known;
  seen.set(key, value);
  return value;
}

/** A worker thread on `file`, its messages, failure and unexpected end posted to `inbox` as `worker`. */
function startWorker(file: string, data: WorkerInput, heap: ResourceLimits, worker: number, inbox: Inbox): Worker {
  const options: WorkerOptions = { workerData: data, resourceLimits: heap };
  const thread = file.endsWith('.ts') ? typeScriptWorker(file, options) : new Worker(new URL(file), options);
  let ended = false;
  thread.on('message', (message: WorkerMessage) => {
    ended ||= message.type !== 'campaign';
    inbox.push({ worker, message });
  });
  thread.on('error', (error) => {
    ended = true;
    const { code } = error as NodeJS.ErrnoException;
    inbox.push({
      worker,
      message: { type: 'failed', error: { name: error.name, message: error.message, stack: error.stack, user: false, code } },
    });
  });
  thread.on('exit', (code) => {
    if (ended) return;
    const error = { name: 'Error', message: `A build worker stopped before its campaigns were built (exit code ${code}).`, user: false };
    inbox.push({ worker, message: { type: 'failed', error } });
  });
  return thread;
}

/**
 * A worker on the TypeScript sources (the tests, a script run with tsx): Node's workers do not
 * inherit the parent's `--import tsx`, so the worker registers tsx itself before loading them.
 */
function typeScriptWorker(file: string, options: WorkerOptions): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`;
  return new Worker(code, { ...options, eval: true });
}

/** The workers' messages, in the order they arrive. */
class Inbox {
  private readonly messages: Array<{ worker: number; message: WorkerMessage }> = [];
  private waiting: (() => void) | undefined;

  push(entry: { worker: number; message: WorkerMessage }): void {
    this.messages.push(entry);
    this.waiting?.();
  }

  async next(): Promise<{ worker: number; message: WorkerMessage }> {
    while (!this.messages.length) await new Promise<void>((resolve) => (this.waiting = resolve));
    return this.messages.shift()!;
  }
}
