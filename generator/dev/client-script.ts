// The browser script dev adds to its pages, compiled from client/dev-client.ts when dev starts (a few milliseconds with esbuild).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Browsers the dev pages are opened in: the same as the pages' own targets. */
const TARGETS = ['safari15', 'chrome100'];

/** The client script as JavaScript. */
export async function compileClientScript(): Promise<string> {
  const { transform } = await import('esbuild');
  const file = fileURLToPath(new URL('./client/dev-client.ts', import.meta.url));
  const { code } = await transform(await readFile(file, 'utf8'), { loader: 'ts', target: TARGETS, sourcefile: file });
  return code;
}
