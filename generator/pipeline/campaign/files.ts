// One campaign's folder as files: its pages, each locale's 404, split-test config and assets, and its manifest.
import type { CampaignManifest } from '../../shared/manifest.ts';
import type { CampaignAssembly } from './assemble.ts';
import type { CampaignContext } from './context.ts';
import { reportingHeaders } from '../policy/csp.ts';
import type { CampaignPlan } from '../plan.ts';
import type { RenderedCampaign } from '../render/index.ts';
import { byteLength } from '../output/staging-writer.ts';
import type { OutputFile } from '../output/write.ts';

/**
 * Every file of one campaign's folder (pages, each locale's 404, split-test config, assets), and its manifest,
 * which the build writes beside them, or (`--all`, the top level) into the site's manifest.
 */
export function campaignFiles(
  plan: CampaignPlan,
  assembly: CampaignAssembly,
  rendered: RenderedCampaign,
  context: CampaignContext,
): { files: OutputFile[]; manifest: CampaignManifest } {
  const { assets } = assembly;
  const manifest: CampaignManifest = {
    campaign: plan.name,
    basePath: plan.basePath,
    // Serve and every host adapter send these on the campaign's responses.
    headers: { 'Content-Security-Policy': assembly.headerPolicy, ...reportingHeaders(plan.config) },
    defaultLocale: plan.config.defaultLocale,
    locales: plan.config.locales,
    assets: { ...context.bundle.entries, files: assets.map((asset) => asset.name).sort() },
    pages: plan.pages.map((page, i) => ({
      route: page.route,
      locale: page.locale,
      variant: page.variant.name,
      file: page.file,
      bytes: byteLength(rendered.pages[i]!),
    })),
  };
  const inFolder = (file: string) => (plan.dir ? `${plan.dir}/${file}` : file);
  const unique = new Map(assets.map((asset) => [asset.name, asset]));
  const files = [
    ...plan.pages.map((page, i) => ({ path: inFolder(page.file), contents: rendered.pages[i]! })),
    ...[...rendered.notFound].map(([file, contents]) => ({ path: inFolder(file), contents })),
    { path: inFolder('config.json'), contents: JSON.stringify(plan.config.splitTest) },
    ...[...unique.values()].map((asset) => ({ path: inFolder(`assets/${asset.name}`), contents: asset.contents })),
  ];
  return { files, manifest };
}
