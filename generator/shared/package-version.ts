// The tool's own version, read from package.json, the one place it is written.
import { readFileSync } from 'node:fs';

/** The version in package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
