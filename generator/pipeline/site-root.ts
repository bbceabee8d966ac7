// The files at the root of a build that describe the whole site: the manifest and every host's configuration.
// `build` and `merge` both write them from here.
import { hostFileGroups, type HostCampaign, type HostFile } from '../hosts/index.ts';
import { MANIFEST_FILE, urlPathOf, type CampaignManifest, type SiteManifest } from '../shared/manifest.ts';
import type { Shard } from '../shared/shard.ts';
import type { OutputFile } from './output/write.ts';

/** One campaign folder of the site, as its manifest describes it. */
export interface SiteEntry {
  /** null for the top level. */
  name: string | null;
  /** The folder relative to the output root: '' for the top level. */
  dir: string;
  manifest: CampaignManifest;
}

/** A campaign's manifest as the text written to its `manifest.json`. */
export function manifestText(manifest: SiteManifest | CampaignManifest): string {
  return JSON.stringify(manifest, null, 2);
}

/**
 * The root files of a build, a host's files at a time (CloudFront's in several batches), each
 * made only when the writer asks for it, the largest in pieces: so the root files of thousands
 * of campaigns are never all in memory. Without `all`: the host configuration of its one
 * campaign (its manifest is in its own files). With `all`: the site manifest, whose `root` is the
 * top level's campaign, and the host configuration of every campaign; a shard writes its manifest
 * only, and `merge` writes the rest from the joined entries, so shards merged equal one `--all`
 * build. A shard's manifest carries the `fingerprint` of what it was built from (fingerprint.ts).
 */
export function* siteRootBatches(
  entries: SiteEntry[],
  selection: { all?: boolean; shard?: Shard },
  fingerprint?: string,
): Generator<OutputFile[]> {
  if (selection.all) {
    const root = entries.find((entry) => entry.name === null);
    const site: SiteManifest = {
      ...(root ? { root: root.manifest } : {}),
      campaigns: entries
        .filter((entry) => entry.name !== null)
        .map((entry) => ({ name: entry.name!, dir: entry.dir, basePath: entry.manifest.basePath })),
      ...(selection.shard ? { shard: { index: selection.shard.index, count: selection.shard.count, fingerprint } } : {}),
    };
    yield [{ path: MANIFEST_FILE, contents: manifestText(site) }];
    if (selection.shard) return;
  }
  const groups = hostFileGroups({ campaigns: entries.map((entry) => hostCampaignOf(entry.manifest)) });
  for (const group of groups) for (const batch of group()) yield batch.map(outputFileOf);
}

function outputFileOf(file: HostFile): OutputFile {
  return 'pieces' in file ? { path: file.path, contents: { pieces: file.pieces } } : file;
}

/** A campaign as the host adapters need it, from its manifest. */
export function hostCampaignOf(manifest: CampaignManifest): HostCampaign {
  return {
    basePath: manifest.basePath,
    defaultLocale: manifest.defaultLocale,
    locales: manifest.locales,
    routes: manifest.pages.filter((page) => page.locale === manifest.defaultLocale).map((page) => urlPathOf(page.file)),
    contentSecurityPolicy: manifest.headers['Content-Security-Policy']!,
    headers: manifest.headers,
  };
}
