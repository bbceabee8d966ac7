// Decides every page and output path before anything is written: once per config, by validation; builds then select from it.
import type { LoadedConfig } from '../config/load.ts';
import type { CampaignConfig, Config, VariantConfig } from '../config/types.ts';
import { CampaignNotFound, CampaignsMissing, ConfigError, type ConfigIssue } from '../shared/errors.ts';
import { urlPathOf } from '../shared/manifest.ts';
import type { Shard } from '../shared/shard.ts';

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
  /** What stops an `--all` build only (campaigns built one by one may share a base path): plan-problems.ts. */
  allCollisions?: ConfigIssue[];
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
  /** Build the top level at the root and every campaign into a folder of its name. */
  all?: boolean;
  /** With `all`: build only this shard's part (shardPlans), to be joined by `store-landing merge`. */
  shard?: Shard;
}

/**
 * The file a route is written to in a locale: the default locale's pages are the
 * plain routes, the others sit under a folder of their code.
 */
export function outputPathFor(route: string, locale: string, defaultLocale: string): string {
  return [locale === defaultLocale ? '' : locale, route.replace(/^\/|\/$/g, ''), 'index.html'].filter(Boolean).join('/');
}

/** Plans every page of the top level and of each campaign (plan-problems.ts finds what would stop a build). */
export function planSite(loaded: LoadedConfig, base: CampaignConfig, campaigns: CampaignConfig[]): SitePlan {
  const basePages = pagesOf(base.config);
  const plan = (campaign: CampaignConfig): CampaignPages => ({
    ...campaign,
    pages: samePages(campaign.config, base.config) ? basePages : pagesOf(campaign.config),
    ownBasePath: campaign.name !== null && loaded.document.hasIn(['campaigns', campaign.name, 'basePath']),
  });
  return { base: plan(base), campaigns: campaigns.map(plan) };
}

function pagesOf(config: Config): PlannedPage[] {
  return config.variants.flatMap((variant) => config.locales.map((locale) => plannedPage(config, variant, locale)));
}

/**
 * Whether a campaign's pages are the top level's: its variants and locales are the top level's
 * very objects (config/merge.ts sharingUnchanged) and its default locale the same. Thousands of
 * such campaigns then share one list of pages instead of holding twenty objects each.
 */
function samePages(config: Config, base: Config): boolean {
  return config.variants === base.variants && config.locales === base.locales && config.defaultLocale === base.defaultLocale;
}

function plannedPage(config: Config, variant: VariantConfig, locale: string): PlannedPage {
  const file = outputPathFor(variant.path, locale, config.defaultLocale);
  return { route: variant.path, locale, variant, file, urlPath: urlPathOf(file) };
}

/**
 * The campaigns a build writes, in a stable order, each with its folder and base path:
 * the top level alone, one campaign alone, or (`all`) the top level at the root and every
 * campaign in a folder of its name, or the part of those of one shard.
 * @throws UserError when the selection names no campaign of the config.
 */
export function selectCampaigns(site: SitePlan, selection: BuildSelection = {}): CampaignPlan[] {
  const names = site.campaigns.map((campaign) => campaign.name!);
  if (selection.campaign !== undefined) {
    const found = site.campaigns.find((campaign) => campaign.name === selection.campaign);
    if (!found) throw CampaignNotFound.create(selection.campaign, names);
    return [{ ...found, dir: '', basePath: found.config.basePath }];
  }
  const root: CampaignPlan = { ...site.base, dir: '', basePath: site.base.config.basePath };
  if (!selection.all) return [root];
  if (!site.campaigns.length) throw CampaignsMissing.create();
  if (site.allCollisions?.length) throw new ConfigError(site.allCollisions);
  const sorted = [...site.campaigns].sort((a, b) => (a.name! < b.name! ? -1 : 1));
  const all = [root, ...sorted.map((campaign) => ({ ...campaign, dir: campaign.name!, basePath: campaignBasePath(site, campaign) }))];
  return selection.shard ? shardPlans(all, selection.shard) : all;
}

/** Where `--all` hosts a campaign: its own `basePath`, or a folder of its name under the top level's. */
export function campaignBasePath(site: SitePlan, campaign: CampaignPages): string {
  return campaign.ownBasePath ? campaign.config.basePath : `${site.base.config.basePath}${campaign.name}/`;
}

/**
 * The plans of one shard: every plan goes, largest first, to the shard with the fewest pages
 * so far (the lowest index among equals), so shards differ by at most one campaign's pages and
 * each has work when there are at least as many plans as shards. Deterministic for a config.
 */
export function shardPlans<T extends { pages: readonly unknown[] }>(plans: readonly T[], shard: Shard): T[] {
  const load = new Array<number>(shard.count).fill(0);
  const owner = new Map<T, number>();
  const bySize = plans
    .map((plan, order) => ({ plan, order }))
    .sort((a, b) => b.plan.pages.length - a.plan.pages.length || a.order - b.order);
  for (const { plan } of bySize) {
    const least = load.indexOf(Math.min(...load));
    owner.set(plan, least);
    load[least]! += plan.pages.length;
  }
  return plans.filter((plan) => owner.get(plan) === shard.index - 1);
}
