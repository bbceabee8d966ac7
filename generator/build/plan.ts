// Decides every page and output path before anything is written: once per config, by validation; builds then select from it.
import { formatKeyPath, positionOf, type KeyPath, type LoadedConfig } from '../config/load.ts';
import type { CampaignConfig, Config, VariantConfig } from '../config/types.ts';
import { CampaignNotFound, CampaignsMissing, type ConfigIssue } from '../shared/errors.ts';
import { urlPathOf } from '../shared/manifest.ts';

/** One page to render. */
export interface PlannedPage {
  /** The variant's route: `/`, `/feature1`, ... */
  route: string;
  locale: string;
  variant: VariantConfig;
  /** Where it is written, relative to the campaign's folder, with `/` separators. */
  file: string;
  /** The URL path it is served at, relative to the campaign's base path (no leading slash): `de/feature1`. */
  urlPath: string;
}

/** The pages of the top level or of one campaign, wherever a build puts them. */
export interface CampaignPages extends CampaignConfig {
  pages: PlannedPage[];
  /** Whether the campaign sets its own `basePath` (else `--all` hosts it under the top level's, in a folder of its name). */
  ownBasePath: boolean;
}

/** Every page of a config: the top level's and each campaign's. */
export interface SitePlan {
  base: CampaignPages;
  campaigns: CampaignPages[];
}

/** One campaign's folder of pages, as a build writes it. */
export interface CampaignPlan extends CampaignPages {
  /** The folder relative to the output folder: '' or the campaign's name. */
  dir: string;
  /** The URL path the folder is hosted under, starting and ending with `/`. */
  basePath: string;
}

export interface BuildSelection {
  /** Build this campaign alone, into the output folder itself. */
  campaign?: string;
  /** Build every campaign, each into a folder of its name. */
  all?: boolean;
  /** With `all`: build only the campaigns of this shard. */
  shard?: { index: number; count: number };
}

/**
 * The file a route is written to in a locale: the default locale's pages are the
 * plain routes, the others sit under a folder of their code.
 */
export function outputPathFor(route: string, locale: string, defaultLocale: string): string {
  return [locale === defaultLocale ? '' : locale, route.replace(/^\/|\/$/g, ''), 'index.html'].filter(Boolean).join('/');
}

/** Plans every page of the top level and of each campaign, with the problems that stop a build: reserved routes, and two pages aimed at one file. */
export function planSite(loaded: LoadedConfig, base: CampaignConfig, campaigns: CampaignConfig[]): { site: SitePlan; issues: ConfigIssue[] } {
  const plan = (campaign: CampaignConfig): CampaignPages => ({
    ...campaign,
    pages: campaign.config.variants.flatMap((variant) => campaign.config.locales.map((locale) => plannedPage(campaign.config, variant, locale))),
    ownBasePath: campaign.name !== null && loaded.document.hasIn(['campaigns', campaign.name, 'basePath']),
  });
  const site = { base: plan(base), campaigns: campaigns.map(plan) };
  const issues = [site.base, ...site.campaigns].flatMap((pages) => [...reservedRoutes(loaded, pages), ...findCollisions(loaded, pages)]);
  return { site, issues };
}

function plannedPage(config: Config, variant: VariantConfig, locale: string): PlannedPage {
  const file = outputPathFor(variant.path, locale, config.defaultLocale);
  return { route: variant.path, locale, variant, file, urlPath: urlPathOf(file) };
}

/**
 * The campaigns a build writes, in a stable order, each with its folder and base path.
 * @throws UserError when the selection names no campaign of the config.
 */
export function selectCampaigns(site: SitePlan, selection: BuildSelection = {}): CampaignPlan[] {
  const names = site.campaigns.map((campaign) => campaign.name!);
  if (selection.campaign !== undefined) {
    const found = site.campaigns.find((campaign) => campaign.name === selection.campaign);
    if (!found) throw CampaignNotFound.create(selection.campaign, names);
    return [{ ...found, dir: '', basePath: found.config.basePath }];
  }
  if (!selection.all) return [{ ...site.base, dir: '', basePath: site.base.config.basePath }];
  if (!site.campaigns.length) throw CampaignsMissing.create();
  const sorted = [...site.campaigns].sort((a, b) => (a.name! < b.name! ? -1 : 1));
  const { shard } = selection;
  const selected = shard ? sorted.filter((campaign) => shardOf(campaign.name!, shard.count) === shard.index - 1) : sorted;
  const topBase = site.base.config.basePath;
  return selected.map((campaign) => ({ ...campaign, dir: campaign.name!, basePath: campaign.ownBasePath ? campaign.config.basePath : `${topBase}${campaign.name}/` }));
}

/**
 * The shard (0 to count-1) a campaign belongs to: a hash of its name, so adding or
 * removing other campaigns never moves it.
 */
export function shardOf(name: string, count: number): number {
  // FNV-1a, 32 bits.
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(name)) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return hash % count;
}

/** First path segments the build writes into itself: the assets folder and a folder per locale. */
function reservedRoutes(loaded: LoadedConfig, campaign: CampaignPages): ConfigIssue[] {
  const reserved = ['assets', ...campaign.config.locales];
  return campaign.config.variants.flatMap((variant, index) => {
    const segment = variant.path.slice(1);
    if (!reserved.includes(segment)) return [];
    const keyPath = variantKeyPath(loaded, campaign.name, index);
    const [line, column] = positionOf(loaded, keyPath);
    const names = reserved.map((name) => `/${name}`);
    const message = `expected a route other than ${names.slice(0, -1).join(', ')} or ${names.at(-1)} (the build writes the assets and each locale's pages there), found "${variant.path}"`;
    return [{ file: loaded.file, line, column, path: formatKeyPath(keyPath), message }];
  });
}

/** Every output file claimed by more than one page, with each claimant's place in the config. */
function findCollisions(loaded: LoadedConfig, campaign: CampaignPages): ConfigIssue[] {
  const claims = new Map<string, Array<{ page: PlannedPage; index: number }>>();
  for (const page of campaign.pages) {
    const index = campaign.config.variants.indexOf(page.variant);
    claims.set(page.file, [...(claims.get(page.file) ?? []), { page, index }]);
  }
  const issues: ConfigIssue[] = [];
  // Two variants with one path collide in every locale: report the pair once.
  const reported = new Set<string>();
  for (const [file, claimants] of claims) {
    const pair = claimants.map(({ index }) => index).join(',');
    if (claimants.length < 2 || reported.has(pair)) continue;
    reported.add(pair);
    const keyPaths = claimants.map(({ index }) => variantKeyPath(loaded, campaign.name, index));
    const sources = claimants.map(({ page }, i) => {
      const [line, column] = positionOf(loaded, keyPaths[i]!);
      return `${formatKeyPath(keyPaths[i]!)} ("${page.variant.name}", ${page.locale}) at ${line}:${column}`;
    });
    const [line, column] = positionOf(loaded, keyPaths[1]!);
    issues.push({
      file: loaded.file,
      line,
      column,
      path: formatKeyPath(keyPaths[1]!),
      message: `two pages aim at one output path ${file}: ${sources.join(' and ')}`,
    });
  }
  return issues;
}

/** The key path of a variant's `path`, in the campaign when it replaces the variants list. */
function variantKeyPath(loaded: LoadedConfig, campaign: string | null, index: number): KeyPath {
  const own = campaign !== null && loaded.document.hasIn(['campaigns', campaign, 'variants']);
  return own ? ['campaigns', campaign, 'variants', index, 'path'] : ['variants', index, 'path'];
}
