#!/usr/bin/env node
// The store-landing command: runs the CLI compiled to plain JavaScript (dist/, see compile.js), recompiling
// it first when a TypeScript source changed.
import { compileCli, isStale } from './compile.js';

// React renders faster in production mode (no development checks), and the build ships production bundles anyway.
process.env.NODE_ENV ??= 'production';
// Stack traces of dist/ point into the TypeScript; mapping only pays off when they are shown.
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
if (isStale()) await compileCli();
const { main } = await import('../dist/cli.js');
await main(process.argv);
