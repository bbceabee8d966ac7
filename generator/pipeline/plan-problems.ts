// What a site's plan would break, as config problems with file, line, column and key path: reserved routes, two pages
// aimed at one file, and base paths no host can serve. check.ts reports them with validation's.
import { formatKeyPath, positionOf, type KeyPath, type LoadedConfig } from '../config/load.ts';
import type { Config } from '../config/types.ts';
import type { ConfigIssue } from '../shared/errors.ts';
import { campaignSlug, DEV_DIR, HOSTING_DIR } from '../hosts/site.ts';
import { campaignBasePath, type CampaignPages, type PlannedPage, type SitePlan } from './plan.ts';

/**
 * The problems of a planned site: `issues` stop every build, `allCollisions` only an `--all`
 * build (campaigns built one by one may share a base path).
 */
export function findPlanProblems(loaded: LoadedConfig, site: SitePlan): { issues: ConfigIssue[]; allCollisions: ConfigIssue[] } {
  const issues = [site.base, ...site.campaigns].flatMap((pages) => [...reservedRoutes(loaded, pages), ...findCollisions(loaded, pages)]);
  issues.push(...basePathProblems(loaded, site));
  return { issues, allCollisions: basePathCollisions(loaded, site) };
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
