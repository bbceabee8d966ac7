// Decides every page and output path of a build before anything is written; two pages aimed at one file is an error.
import { formatKeyPath, positionOf } from '../config/load.ts';
import type { Config, VariantConfig } from '../config/types.ts';
import type { CampaignConfig, ValidConfig } from '../config/validate.ts';
import { CampaignNotFound, CampaignsMissing, ConfigError, type ConfigIssue } from '../shared/errors.ts';
import type { Locale } from '../../templates/props.ts';

/** One page to render. */
export interface PlannedPage {
  /** The variant's route: `/`, `/feature1`, ... */
  route: string;
  locale: Locale;
  variant: VariantConfig;
  /** Where it is written, relative to the campaign's folder, with `/` separators. */
  file: string;
  /** The URL path it is served at, relative to the campaign's base path (no leading slash): `de/feature1`. */
  urlPath: string;
}

/** One campaign's folder of pages. */
export interface CampaignPlan {
  /** null for the top-level settings. */
  name: string | null;
  /** The folder relative to the output folder: '' or the campaign's name. */
  dir: string;
  /** The URL path the folder is hosted under, starting and ending with `/`. */
  basePath: string;
  config: Config;
  pages: PlannedPage[];
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
export function outputPathFor(route: string, locale: Locale, defaultLocale: Locale): string {
  return [locale === defaultLocale ? '' : locale, route.replace(/^\/|\/$/g, ''), 'index.html'].filter(Boolean).join('/');
}

/**
 * The campaigns a build writes, in a stable order, each with every page it renders.
 * @throws ConfigError when two pages aim at one file, naming both.
 */
export function planPages(valid: ValidConfig, selection: BuildSelection = {}): CampaignPlan[] {
  const campaigns = selectCampaigns(valid, selection);
  const plans = campaigns.map((campaign) => planCampaign(valid, campaign, selection.all === true));
  const issues = plans.flatMap((plan) => findCollisions(valid, plan));
  if (issues.length) throw new ConfigError(issues);
  return plans;
}

/** Which of the config's campaigns a selection builds. */
function selectCampaigns(valid: ValidConfig, selection: BuildSelection): CampaignConfig[] {
  const names = valid.campaigns.map((campaign) => campaign.name!);
  if (selection.campaign !== undefined) {
    const found = valid.campaigns.find((campaign) => campaign.name === selection.campaign);
    if (!found) throw CampaignNotFound.create(selection.campaign, names);
    return [found];
  }
  if (!selection.all) return [valid.base];
  if (!valid.campaigns.length) throw CampaignsMissing.create();
  const sorted = [...valid.campaigns].sort((a, b) => (a.name! < b.name! ? -1 : 1));
  const { shard } = selection;
  return shard ? sorted.filter((campaign) => shardOf(campaign.name!, shard.count) === shard.index - 1) : sorted;
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

function planCampaign(valid: ValidConfig, campaign: CampaignConfig, all: boolean): CampaignPlan {
  const { config, name } = campaign;
  const topBase = valid.base.config.basePath ?? '/';
  const ownBase = name !== null && valid.loaded.document.hasIn(['campaigns', name, 'basePath']);
  const basePath = all && name !== null && !ownBase ? `${topBase}${name}/` : (config.basePath ?? '/');
  const pages = config.variants.flatMap((variant) =>
    config.locales.map((locale) => {
      const file = outputPathFor(variant.path, locale, config.defaultLocale);
      return { route: variant.path, locale, variant, file, urlPath: file.replace(/\/?index\.html$/, '') };
    }),
  );
  return { name, dir: all && name !== null ? name : '', basePath, config, pages };
}

/** Every output file claimed by more than one page, with each claimant's place in the config. */
function findCollisions(valid: ValidConfig, plan: CampaignPlan): ConfigIssue[] {
  const claims = new Map<string, Array<{ page: PlannedPage; index: number }>>();
  for (const page of plan.pages) {
    const index = plan.config.variants.indexOf(page.variant);
    claims.set(page.file, [...(claims.get(page.file) ?? []), { page, index }]);
  }
  const issues: ConfigIssue[] = [];
  // Two variants with one path collide in every locale: report the pair once.
  const reported = new Set<string>();
  for (const [file, claimants] of claims) {
    const pair = claimants.map(({ index }) => index).join(',');
    if (claimants.length < 2 || reported.has(pair)) continue;
    reported.add(pair);
    const keyPaths = claimants.map(({ index }) => variantKeyPath(valid, plan.name, index));
    const sources = claimants.map(({ page }, i) => {
      const [line, column] = positionOf(valid.loaded, keyPaths[i]!);
      return `${formatKeyPath(keyPaths[i]!)} ("${page.variant.name}", ${page.locale}) at ${line}:${column}`;
    });
    const [line, column] = positionOf(valid.loaded, keyPaths[1]!);
    issues.push({
      file: valid.loaded.file,
      line,
      column,
      path: formatKeyPath(keyPaths[1]!),
      message: `two pages aim at one output path ${plan.dir ? plan.dir + '/' : ''}${file}: ${sources.join(' and ')}`,
    });
  }
  return issues;
}

/** The key path of a variant's `path`, in the campaign when it replaces the variants list. */
function variantKeyPath(valid: ValidConfig, campaign: string | null, index: number) {
  const own = campaign !== null && valid.loaded.document.hasIn(['campaigns', campaign, 'variants']);
  return own ? ['campaigns', campaign, 'variants', index, 'path'] : ['variants', index, 'path'];
}
