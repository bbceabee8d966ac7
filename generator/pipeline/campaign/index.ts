// One campaign of a build, from its plan and images to its files: assemble -> render -> files. The build's
// thread runs it, or its workers do (workers/workers.ts).
import path from 'node:path';
import { MANIFEST_FILE } from '../../shared/manifest.ts';
import { assembleCampaign } from './assemble.ts';
import type { CampaignContext } from './context.ts';
import { campaignFiles } from './files.ts';
import type { OptimizedImage } from '../images/images.ts';
import type { CampaignPlan } from '../plan.ts';
import { renderCampaign, type MessagesOf } from '../render/index.ts';
import { manifestText, type SiteEntry } from '../site-root.ts';
import type { OutputFile } from '../output/write.ts';

/** What building any campaign of a build takes besides its plan and images. */
export interface CampaignInput {
  messages: MessagesOf;
  context: CampaignContext;
  /** An `--all` build: the top level's manifest is the `root` of the site's (site-root.ts), not a file of its own. */
  all: boolean;
}

/** A campaign's folder as files, and its entry in the site (its manifest). */
export interface BuiltCampaign {
  files: OutputFile[];
  entry: SiteEntry;
}

/** Assembles, renders and lays out one campaign's folder, its `images` already optimized. */
export async function buildCampaign(plan: CampaignPlan, images: Map<string, OptimizedImage>, input: CampaignInput): Promise<BuiltCampaign> {
  const { context } = input;
  const assembly = await assembleCampaign(plan, context, images);
  const { files, manifest } = campaignFiles(plan, assembly, renderCampaign(input.messages, plan, assembly, context), context);
  if (!(input.all && plan.name === null)) files.push({ path: path.posix.join(plan.dir, MANIFEST_FILE), contents: manifestText(manifest) });
  return { files, entry: { name: plan.name, dir: plan.dir, manifest } };
}
