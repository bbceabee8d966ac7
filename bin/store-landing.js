#!/usr/bin/env node
// The store-landing command: runs the TypeScript CLI through tsx, so there is no compile step to remember.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// React renders several times faster in production mode, and the build ships production bundles anyway.
process.env.NODE_ENV ??= 'production';
// Our tsconfig, wherever the command is run from: it sets the JSX transform the templates need.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../generator/cli/index.ts');
await main(process.argv);
