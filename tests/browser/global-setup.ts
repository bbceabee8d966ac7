// Builds the default config once and serves it for every browser test; the URL reaches the tests through inject('baseUrl').
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../generator/build/index.ts';
import { startServer } from '../../generator/serve/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outDir: string;
  }
}

export default async function setup(project: TestProject) {
  const parent = await mkdtemp(path.join(tmpdir(), 'store-landing-browser-'));
  const outDir = path.join(parent, 'out');
  await buildSite({ config: path.resolve('variants.yaml'), outDir });
  const server = await startServer({ dir: outDir, port: 0 });
  project.provide('baseUrl', server.url.replace(/\/$/, ''));
  project.provide('outDir', outDir);
  return async () => {
    await server.close();
    await rm(parent, { recursive: true, force: true });
  };
}
