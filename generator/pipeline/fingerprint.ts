// What a shard was built from, as one hash: merge refuses shards whose configs (or tool versions) differ.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ValidConfig } from '../config/validate.ts';
import { packageVersion } from '../shared/package-version.ts';
import { imageUses } from '../config/image-uses.ts';

/**
 * A sha256 of everything that decides a site's content: the tool's version, every campaign's
 * settings as validated (merged and defaulted, so a comment or a reordered key changes nothing),
 * the messages of every locale file, and the bytes of every image, each named by its path in
 * the config's folder. Two shards of one config and version carry the same fingerprint.
 */
export async function configFingerprint(valid: ValidConfig): Promise<string> {
  const hash = createHash('sha256');
  const add = (label: string, value: string | Uint8Array) => hash.update(`${label}\0`).update(value).update('\0');
  const relative = (file: string) => path.relative(valid.loaded.dir, file).split(path.sep).join('/');
  add('version', packageVersion());
  for (const campaign of [valid.base, ...valid.campaigns]) add(`campaign ${campaign.name ?? ''}`, JSON.stringify(campaign.config));
  for (const [file, locale] of [...valid.localeFiles].sort(([a], [b]) => (a < b ? -1 : 1)))
    add(`locale ${relative(file)}`, JSON.stringify(locale.messages));
  const images = new Set(
    [valid.base, ...valid.campaigns].flatMap((campaign) =>
      imageUses(campaign.config).map((use) => path.resolve(valid.loaded.dir, use.source)),
    ),
  );
  for (const image of [...images].sort()) add(`image ${relative(image)}`, await readFile(image));
  return hash.digest('hex');
}
