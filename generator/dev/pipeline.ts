// The build's entry points dev calls, in one module: a templates change loads a fresh copy of this module and all it imports (reload.ts).
export { buildSite } from '../build/index.ts';
export { bundleRuntime } from '../build/bundle.ts';
export { createBuildContext } from '../build/context.ts';
