// manifest.json, the one description of a build folder: written by build, read by serve, screenshots and the scripts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BuildNotFound } from './errors.ts';
import type { Shard } from './shard.ts';

/** One page as listed in a campaign's manifest. */
export interface ManifestPage {
  route: string;
  locale: string;
  variant: string;
  /** Relative to the campaign's folder: `de/feature1/index.html`. */
  file: string;
  bytes: number;
}

/** The manifest of one campaign's folder (or of the output folder itself without `--all`). */
export interface CampaignManifest {
  campaign: string | null;
  basePath: string;
  /** Headers every response of the campaign carries: its Content-Security-Policy. */
  headers: Record<string, string>;
  defaultLocale: string;
  locales: string[];
  assets: { runtime: string; client: string; files: string[] };
  pages: ManifestPage[];
}

/** The manifest at the root of a `build --all` folder: the top level's pages at the root, and where each campaign's folder is. */
export interface SiteManifest {
  /** The top level's own campaign, whose pages are at the root; absent from the shards that do not hold it. */
  root?: CampaignManifest;
  campaigns: Array<{ name: string; dir: string; basePath: string }>;
  /**
   * On the output of `build --all --shard I/N`: it holds only its part, for `store-landing merge`,
   * which joins only shards of one `fingerprint` (pipeline/fingerprint.ts: the config and the tool's version).
   */
  shard?: Shard & { fingerprint?: string };
}

export type Manifest = CampaignManifest | SiteManifest;

export const MANIFEST_FILE = 'manifest.json';

/**
 * The manifest of a build folder.
 * @throws UserError (BuildNotFound) when the folder holds none.
 */
export function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST_FILE);
  if (!existsSync(file)) throw BuildNotFound.create(folder);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

export function isSiteManifest(manifest: Manifest): manifest is SiteManifest {
  return 'campaigns' in manifest;
}

/** Every campaign folder of a build, with its manifest: the folder itself, or each of an `--all` build's. */
export function readCampaignManifests(root: string): Array<{ dir: string; manifest: CampaignManifest }> {
  const manifest = readManifest(root);
  if (!isSiteManifest(manifest)) return [{ dir: root, manifest }];
  const campaigns = manifest.campaigns.map((campaign) => {
    const dir = path.join(root, campaign.dir);
    return { dir, manifest: readManifest(dir) as CampaignManifest };
  });
  return manifest.root ? [{ dir: root, manifest: manifest.root }, ...campaigns] : campaigns;
}

/** The URL path a page file is served at, relative to its base path: `de/feature1/index.html` -> `de/feature1`. */
export function urlPathOf(file: string): string {
  return file.replace(/\/?index\.html$/, '');
}
