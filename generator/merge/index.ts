// `store-landing merge`: joins the outputs of `build --all --shard I/N` into the site one `build --all` writes, byte for byte.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { siteRootBatches, type SiteEntry } from '../pipeline/site-root.ts';
import { writeOutput, type OutputFile } from '../pipeline/output/write.ts';
import { ShardsDiffer, ShardsIncomplete, ShardsMismatched } from '../shared/errors.ts';
import { sha256Hex } from '../shared/hash.ts';
import { isSiteManifest, MANIFEST_FILE, readManifest, type CampaignManifest, type SiteManifest } from '../shared/manifest.ts';
import type { Shard } from '../shared/shard.ts';

export interface MergeResult {
  outDir: string;
  shards: number;
  campaigns: number;
  pages: number;
}

/** One shard's output folder and its manifest. */
interface ShardOutput {
  dir: string;
  manifest: SiteManifest & { shard: Shard };
}

/**
 * Writes into `outDir` every file of the shards, then the root files (site manifest and host
 * configuration) from all their campaigns, as `build --all` does (pipeline/site-root.ts).
 * @throws UserError when a folder is not a shard's output, or the shards are not 1..N of one N.
 */
export async function mergeShards(dirs: string[], outDir: string): Promise<MergeResult> {
  const shards = dirs.map(readShard).sort((a, b) => a.manifest.shard.index - b.manifest.shard.index);
  checkComplete(shards);
  checkSameConfig(shards);
  const entries: SiteEntry[] = [];
  for (const shard of shards) {
    const { root, campaigns } = shard.manifest;
    if (root) entries.push({ name: null, dir: '', manifest: root });
    for (const campaign of campaigns) {
      entries.push({
        name: campaign.name,
        dir: campaign.dir,
        manifest: readManifest(path.join(shard.dir, campaign.dir)) as CampaignManifest,
      });
    }
  }
  // The order `build --all` writes: the top level, then campaigns by name.
  entries.sort((a, b) => (a.name === null ? -1 : b.name === null ? 1 : a.name < b.name ? -1 : 1));
  // The shards are inputs: the output may neither be one, hold one, nor lie inside one.
  await writeOutput(outDir, shardFiles(shards, entries), undefined, { inputs: dirs, apartFromInputs: true });
  return {
    outDir,
    shards: shards.length,
    campaigns: entries.length,
    pages: entries.reduce((total, entry) => total + entry.manifest.pages.length, 0),
  };
}

function readShard(dir: string): ShardOutput {
  const manifest = readManifest(dir);
  if (!isSiteManifest(manifest) || !manifest.shard) throw ShardsMismatched.create(dir, 'it is not the output of `build --all --shard I/N`');
  return { dir, manifest: manifest as ShardOutput['manifest'] };
}

function checkComplete(shards: ShardOutput[]) {
  const count = shards[0]!.manifest.shard.count;
  const other = shards.find((shard) => shard.manifest.shard.count !== count);
  if (other) throw ShardsMismatched.create(other.dir, `it is a shard of ${other.manifest.shard.count}, the others of ${count}`);
  const indexes = shards.map((shard) => shard.manifest.shard.index);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !indexes.includes(index));
  const twice = indexes.filter((index, i) => indexes.indexOf(index) !== i);
  if (missing.length || twice.length) throw ShardsIncomplete.create(count, missing, twice);
}

/**
 * Refuses shards built from different configs or tool versions (their manifests' fingerprints):
 * merged, they would make a site neither config describes. The fingerprint most shards share
 * speaks for the site (shard 1's on a tie), and the message names a shard that differs from it.
 */
function checkSameConfig(shards: ShardOutput[]) {
  const fingerprintOf = (shard: ShardOutput) => shard.manifest.shard.fingerprint;
  const counts = new Map<string | undefined, number>();
  for (const shard of shards) counts.set(fingerprintOf(shard), (counts.get(fingerprintOf(shard)) ?? 0) + 1);
  if (counts.size === 1) return;
  const common = [...counts].reduce((most, entry) => (entry[1] > most[1] ? entry : most))[0];
  const reference = shards.find((shard) => fingerprintOf(shard) === common)!;
  const odd = shards.find((shard) => fingerprintOf(shard) !== common)!;
  const short = (fingerprint: string | undefined) => fingerprint?.slice(0, 12) ?? 'none';
  throw ShardsDiffer.create(
    odd.dir,
    `shard ${odd.manifest.shard.index} was built from another config or store-landing version than shard ${reference.manifest.shard.index} (${reference.dir}): fingerprint ${short(fingerprintOf(odd))}, not ${short(common)}`,
  );
}

/**
 * Every file of every shard, a shard at a time, but the root manifest and the compressed twins
 * (the writer makes both anew), then the root files. Files of equal bytes are one buffer, so the
 * writer links them and compresses them once, as a build does.
 */
async function* shardFiles(shards: ShardOutput[], entries: SiteEntry[]): AsyncGenerator<OutputFile[]> {
  const byContent = new Map<string, Buffer>();
  for (const shard of shards) {
    const files: OutputFile[] = [];
    for (const entry of await readdir(shard.dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.relative(shard.dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (file === MANIFEST_FILE || /\.(gz|br)$/.test(file)) continue;
      const bytes = await readFile(path.join(shard.dir, file));
      const hash = sha256Hex(bytes);
      if (!byContent.has(hash)) byContent.set(hash, bytes);
      files.push({ path: file, contents: byContent.get(hash)! });
    }
    yield files;
  }
  yield* siteRootBatches(entries, { all: true });
}
