// What a build worker and its parent send each other (worker.ts, workers.ts): the worker's share of the
// build, its built campaigns' files, a failure.
import type { Messages } from '../../../page/contract/props.ts';
import { UserError } from '../../shared/errors.ts';
import type { Bundle } from '../bundle/bundle.ts';
import type { OptimizedImage } from '../images/images.ts';
import type { CampaignPlan } from '../plan.ts';
import type { SiteEntry } from '../site-root.ts';

/** Marks the workerData of a build worker, so no other thread that loads worker.ts starts building. */
export const WORKER_KIND = 'store-landing-build-worker';

/** One campaign of a worker's share, with everything the parent already did for it. */
export interface ShareEntry {
  /** Its index among the build's plans: workers finish in any order, the site's manifest lists them in this one. */
  index: number;
  plan: CampaignPlan;
  /** Its images, optimized by the parent (images.ts collectImages): no two workers encode one. */
  images: Map<string, OptimizedImage>;
  /** Its translations by locale, resolved by the parent from the validated config. */
  messages: Record<string, Messages>;
}

/**
 * What a worker is started with. Sent as one message, so what campaigns share (a translation,
 * an image, a variant) arrives as one object, as in the parent.
 */
export interface WorkerInput {
  kind: typeof WORKER_KIND;
  share: ShareEntry[];
  all: boolean;
  bundle: Bundle;
  /** The build's staging folder (output/write.ts), where the worker writes its pages itself; absent, it posts them. */
  staging?: string;
}

/**
 * A file as a worker posts it: a document it wrote into the staging folder itself, by its size;
 * without one, a document joined into one buffer (transferred, not copied); an asset of the
 * bundle or of the images by name (the parent writes its own bytes, so the writer hard-links
 * every copy after the first); or anything else as it is.
 */
export type WireFile =
  | { path: string; written: number }
  | { path: string; document: Uint8Array }
  | { path: string; asset: string }
  | { path: string; contents: string | Uint8Array };

/** An error as it crosses from a worker to the parent. */
export interface WireError {
  name: string;
  message: string;
  hint?: string;
  stack?: string;
  /** A UserError: printed without a stack, exit code 1. */
  user: boolean;
  /** Node's code for a worker that died (ERR_WORKER_OUT_OF_MEMORY). */
  code?: string;
}

export type WorkerMessage =
  | { type: 'campaign'; index: number; files: WireFile[]; entry: SiteEntry }
  | { type: 'done' }
  | { type: 'failed'; error: WireError };

/** The parent wrote one of the worker's campaigns: the worker may build one more. */
export type ParentMessage = { type: 'written' };

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), user: false };
  const user = error instanceof UserError;
  return {
    name: error.name,
    message: error.message,
    ...(user && error.hint !== undefined ? { hint: error.hint } : {}),
    stack: error.stack,
    user,
  };
}

/** The parent's side of toWireError: the same kind of error, with the worker's stack. */
export function fromWireError(wire: WireError): Error {
  const error = wire.user ? new UserError(wire.name, wire.message, wire.hint) : Object.assign(new Error(wire.message), { name: wire.name });
  if (wire.stack) error.stack = wire.stack;
  return error;
}
