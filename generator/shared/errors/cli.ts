// The command line's errors: flags that do not parse or do not go together, and optional packages that are not installed.
import { define } from './user-error.ts';

export const InvalidArguments = define({
  name: 'InvalidArguments',
  message: (reason: string) => `${reason}.`.replace(/\.\.$/, '.'),
  hint: 'Run `store-landing --help` (or `store-landing <command> --help`) for usage.',
});

export const InvalidShard = define({
  name: 'InvalidShard',
  message: (value: string) => `--shard must be I/N with 1 <= I <= N, found "${value}".`,
});

export const ShardWithoutAll = define({
  name: 'ShardWithoutAll',
  message: () => '--shard goes with --all.',
  hint: '--shard I/N splits the campaigns of `build --all` among N machines: add --all, or leave out --shard.',
});

export const PackagesMissing = define({
  name: 'PackagesMissing',
  message: (command: string, specs: string[]) =>
    `\`store-landing ${command}\` needs ${specs.map((spec) => spec.replace(/(.)@.*$/, '$1')).join(' and ')}, which ${specs.length === 1 ? 'is' : 'are'} not installed. Install with: npm install --save-dev ${specs.join(' ')}`,
  hint: 'They are optional peer dependencies: building, validating, serving and dev never load them, so a plain install leaves them out.',
});

export const InitFolderNotEmpty = define({
  name: 'InitFolderNotEmpty',
  message: (folder: string) =>
    `${folder} is not empty and was not written by \`store-landing init\`: it writes a new project only into an empty folder.`,
  hint: 'Run it with a new folder (`store-landing init my-landing-pages`), or empty this one first.',
});
