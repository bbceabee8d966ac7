// The build's entry points dev calls, in one module: a change to the page's code (page/) loads a fresh copy
// of this module and all it imports (reload.ts).
export { buildSite } from '../pipeline/index.ts';
export { bundleRuntime } from '../pipeline/bundle/bundle.ts';
export { createBuildContext } from '../pipeline/context.ts';
