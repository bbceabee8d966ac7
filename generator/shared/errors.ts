// The one catalogue of errors store-landing reports to its users, one file per area in errors/; names never change (errors/README.md).
export * from './errors/build.ts';
export * from './errors/cli.ts';
export * from './errors/config.ts';
export * from './errors/merge.ts';
export * from './errors/output.ts';
export * from './errors/screenshots.ts';
export * from './errors/serve.ts';
export * from './errors/store-facts.ts';
export * from './errors/user-error.ts';
