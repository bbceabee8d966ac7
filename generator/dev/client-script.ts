// The browser script dev adds to its pages, compiled from client/dev-client.ts when dev starts (a few milliseconds with esbuild).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BROWSER_TARGETS } from '../pipeline/bundle/browser-targets.ts';

/** The client script as JavaScript, for the browsers the pages themselves are built for. */
export async function compileClientScript(): Promise<string> {
  const { transform } = await import('esbuild');
  const file = fileURLToPath(new URL('./client/dev-client.ts', import.meta.url));
  const { code } = await transform(await readFile(file, 'utf8'), { loader: 'ts', target: BROWSER_TARGETS, sourcefile: file });
  return code;
}
