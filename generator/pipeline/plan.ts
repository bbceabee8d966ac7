// Decides every page and output path before anything is written: once per config, by validation; builds then select from it.
import { formatKeyPath, positionOf, type KeyPath, type LoadedConfig } from '../config/load.ts';
import type { CampaignConfig, Config, VariantConfig } from '../config/types.ts';
import { CampaignNotFound, CampaignsMissing, ConfigError, type ConfigIssue } from '../shared/errors.ts';
import { campaignSlug, DEV_DIR, HOSTING_DIR } from '../hosts/site.ts';
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
  /** What stops an `--all` build only (campaigns built one by one may share a base path). */
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

/**
 * Plans every page of the top level and of each campaign, with the problems that stop a build: reserved
 * routes, and two pages aimed at one file.
 */
export function planSite(
  loaded: LoadedConfig,
  base: CampaignConfig,
  campaigns: CampaignConfig[],
): { site: SitePlan; issues: ConfigIssue[] } {
  const plan = (campaign: CampaignConfig): CampaignPages => ({
    ...campaign,
    pages: campaign.config.variants.flatMap((variant) =>
      campaign.config.locales.map((locale) => plannedPage(campaign.config, variant, locale)),
    ),
    ownBasePath: campaign.name !== null && loaded.document.hasIn(['campaigns', campaign.name, 'basePath']),
  });
  const site: SitePlan = { base: plan(base), campaigns: campaigns.map(plan) };
  const issues = [site.base, ...site.campaigns].flatMap((pages) => [...reservedRoutes(loaded, pages), ...findCollisions(loaded, pages)]);
  issues.push(...basePathProblems(loaded, site));
  return { site: { ...site, allCollisions: basePathCollisions(loaded, site) }, issues };
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
function campaignBasePath(site: SitePlan, campaign: CampaignPages): string {
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

/** The names a site writes into its own folder: `assets`, `_hosting`, a folder per locale and one per route. */
function ownFolderNames(config: Config): Set<string> {
  return new Set(['assets', HOSTING_DIR, ...config.locales, ...config.variants.map((variant) => variant.path.slice(1)).filter(Boolean)]);
}

/**
 * Where a site's base path is, to report a problem with it: the top level's `basePath`, a campaign's own, or
 * the campaign's name when `--all` hosts it by name.
 */
function basePathIssue(loaded: LoadedConfig, pages: CampaignPages): (message: string) => ConfigIssue {
  const keyPath: KeyPath =
    pages.name === null ? ['basePath'] : pages.ownBasePath ? ['campaigns', pages.name, 'basePath'] : ['campaigns', pages.name];
  const [line, column] = positionOf(loaded, keyPath, pages.name !== null && !pages.ownBasePath ? 'key' : 'value');
  return (message) => ({ file: loaded.file, line, column, path: formatKeyPath(keyPath), message });
}

/**
 * Base paths no host can serve as written, whether campaigns are built together or one by one:
 * one in the folder every host answers with 404 (`/_hosting/`) or in dev's (`/__store-landing/`),
 * a campaign's own base path inside one of the top level's folders (its assets, a locale's pages,
 * a route), and two base paths whose host file names (campaignSlug: CloudFront's policies) are one.
 */
function basePathProblems(loaded: LoadedConfig, site: SitePlan): ConfigIssue[] {
  const top = site.base.config;
  const topNames = ownFolderNames(top);
  const slugs = new Map<string, { label: string; basePath: string }>();
  return [site.base, ...site.campaigns].flatMap((pages) => {
    const basePath = pages.name === null ? top.basePath : campaignBasePath(site, pages);
    const issue = basePathIssue(loaded, pages);
    const label = pages.name === null ? 'the top level' : `campaign "${pages.name}"`;
    const problems: ConfigIssue[] = [];
    const first = basePath.split('/')[1]!;
    const inside = basePath.slice(top.basePath.length).split('/')[0]!;
    if (first === HOSTING_DIR || first === DEV_DIR) {
      const keeper =
        first === HOSTING_DIR ? 'every host answers with 404 (the host files are there)' : '`store-landing dev` keeps for itself';
      problems.push(issue(`expected a base path outside /${first}/, which ${keeper}, found "${basePath}"`));
    } else if (
      pages.name !== null &&
      pages.ownBasePath &&
      basePath !== top.basePath &&
      basePath.startsWith(top.basePath) &&
      topNames.has(inside)
    ) {
      problems.push(
        issue(
          `expected a base path outside the top level's own folder ${top.basePath}${inside}/ (its assets, a locale's pages or a route are there), found "${basePath}"`,
        ),
      );
    }
    const slug = campaignSlug(basePath);
    const other = slugs.get(slug);
    if (other && other.basePath !== basePath) {
      problems.push(
        issue(
          `${other.label} (${other.basePath}) and ${label} (${basePath}) would share the host file name "${slug}" (CloudFront's policies are named by it): expected another base path or campaign name, found "${basePath}"`,
        ),
      );
    } else if (!other) slugs.set(slug, { label, basePath });
    return problems;
  });
}

/**
 * Where `--all` would put two things at one URL: a campaign folder named like something of
 * the top level at the root (a route, a locale folder, `assets`, `_hosting`), or two campaigns
 * on one base path.
 */
function basePathCollisions(loaded: LoadedConfig, site: SitePlan): ConfigIssue[] {
  const top = site.base.config;
  const rootNames = ownFolderNames(top);
  const claimed = new Map<string, string>([[top.basePath, 'the top level']]);
  return site.campaigns.flatMap((campaign) => {
    const name = campaign.name!;
    const basePath = campaignBasePath(site, campaign);
    const issue = basePathIssue(loaded, campaign);
    if (!campaign.ownBasePath && rootNames.has(name)) {
      return [
        issue(
          `campaign name "${name}" is taken at the top level: expected a name other than ${[...rootNames].join(', ')} (build --all hosts the campaign at ${basePath}), found "${name}"`,
        ),
      ];
    }
    const owner = claimed.get(basePath);
    claimed.set(basePath, owner ?? `campaign "${name}"`);
    return owner ? [issue(`two sites on one base path ${basePath}: ${owner} and campaign "${name}"; expected a basePath of its own`)] : [];
  });
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
