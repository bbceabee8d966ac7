// The errors of `store-landing merge`: the output folders of `build --all --shard` that do not make one site.
import { define } from './user-error.ts';

export const ShardsMismatched = define({
  name: 'ShardsMismatched',
  message: (dir: string, reason: string) => `Cannot merge ${dir}: ${reason}.`,
  hint: 'Pass the output folders of `store-landing build --all --shard I/N` for every I of one N.',
});

export const ShardsDiffer = define({
  name: 'ShardsDiffer',
  message: (dir: string, reason: string) => `Cannot merge ${dir}: ${reason}.`,
  hint: 'Build every shard from one config with one store-landing version: after a change, build all the shards again, then merge.',
});

export const ShardsIncomplete = define({
  name: 'ShardsIncomplete',
  message: (count: number, missing: number[], twice: number[]) =>
    `Cannot merge: the shards are not 1 to ${count} once each${missing.length ? `; missing ${missing.join(', ')}` : ''}${twice.length ? `; given twice ${twice.join(', ')}` : ''}.`,
  hint: 'Pass the output folder of every shard of the build, each once.',
});
