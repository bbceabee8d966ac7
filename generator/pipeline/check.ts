// The two stages before any work: validate (config/), then plan; what either finds is reported together, in reading order.
import type { LoadedConfig } from '../config/load.ts';
import { diskFiles, type ProjectFiles } from '../config/project-files.ts';
import { checkConfig, inReadingOrder, type ValidConfig } from '../config/validate.ts';
import { ConfigError, type ConfigIssue } from '../shared/errors.ts';
import { planSite, type SitePlan } from './plan.ts';
import { findPlanProblems } from './plan-problems.ts';

/** A valid config with every page of the top level and of each campaign planned. */
export interface ValidSite extends ValidConfig {
  site: SitePlan;
}

/** What checking and planning a config found: the planned site, or every problem. */
export type SiteCheck = { valid: ValidSite; problems: [] } | { valid?: undefined; problems: ConfigIssue[] };

/**
 * Validates a loaded config (reading files only through `files`) and plans its pages. The
 * planner runs on settings that passed the schema even when checks across files failed, so a
 * broken image and two pages aimed at one file are reported at once.
 */
export async function checkSite(loaded: LoadedConfig, files: ProjectFiles = diskFiles()): Promise<SiteCheck> {
  const { checked, problems } = await checkConfig(loaded, files);
  if (!checked) return { problems };
  const site = planSite(loaded, checked.base, checked.campaigns);
  const { issues, allCollisions } = findPlanProblems(loaded, site);
  if (problems.length || issues.length) return { problems: inReadingOrder([...problems, ...issues]) };
  return { valid: { ...checked, site: { ...site, allCollisions } }, problems: [] };
}

/**
 * checkSite for callers that stop at the first invalid config.
 * @throws ConfigError listing every problem with file, line, column and key path.
 */
export async function validateSite(loaded: LoadedConfig, files?: ProjectFiles): Promise<ValidSite> {
  const result = await checkSite(loaded, files);
  if (!result.valid) throw new ConfigError(result.problems);
  return result.valid;
}
