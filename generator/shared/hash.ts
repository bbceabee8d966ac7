// Content hashes: SHA-256 in hex, for asset names, cache keys and telling equal files apart.
import { createHash } from 'node:crypto';

/** The SHA-256 of `contents` (a string as UTF-8) in lowercase hex. */
export function sha256Hex(contents: Uint8Array | string): string {
  return createHash('sha256').update(contents).digest('hex');
}
