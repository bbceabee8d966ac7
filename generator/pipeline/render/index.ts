// The render stage: a campaign's documents, rendered once per distinct template and filled with the campaign's values (see README.md).
import type { Messages } from '../../../page/contract/props.ts';
import type { Config } from '../../config/types.ts';
import type { OptimizedImage } from '../images/images.ts';
import type { RenderContext } from './context.ts';
import { buildLocaleBundles, imageResolver } from './page-props.ts';
import type { CampaignPlan } from '../plan.ts';
import { renderCampaignTemplate, templateKey, type CampaignTemplate } from './documents.ts';
import { BASE_PATH_TOKEN, documentFiller, type CampaignValues } from './slots.ts';

/** The messages of `locale` as `config` names its locale files: the validated config's, or a build worker's copy of them. */
export type MessagesOf = (config: Config, locale: string) => Messages;

/**
 * What a campaign's pages show and are filled with besides its plan, decided before they are rendered
 * (campaign/assemble.ts assembles it, with what the campaign ships beside its pages).
 */
export interface RenderInput {
  /** The campaign's images, optimized. */
  images: Map<string, OptimizedImage>;
  /** The policy of the pages' `<meta>` tag. */
  metaPolicy: string;
  /** The runtime config less what is per page (route, landing type, locale: added as each page is filled). */
  runtime: CampaignValues['runtime'];
}

/** A campaign's documents as UTF-8 byte parts in order (written without joining them). */
export interface RenderedCampaign {
  /** In the order of the plan's pages. */
  pages: Buffer[][];
  /** Each locale's 404 page, by file relative to the campaign's folder (`404.html`, `de/404.html`). */
  notFound: Map<string, Buffer[]>;
}

/**
 * Renders a campaign's pages: the documents of its template (rendered on the first campaign
 * of its key, reused by the rest), filled with its base path, install link, policy and runtime config.
 */
export function renderCampaign(messages: MessagesOf, plan: CampaignPlan, assembly: RenderInput, context: RenderContext): RenderedCampaign {
  const template = campaignTemplate(messages, plan, assembly, context);
  const { runtime } = assembly;
  const fill = documentFiller({
    basePath: plan.basePath,
    installLink: plan.config.tracking.appsflyer.oneLink.default,
    csp: assembly.metaPolicy,
    css: context.bundle.css,
    runtime: {
      locales: runtime.locales,
      client: runtime.client,
      tracking: runtime.tracking,
      ...(runtime.payments ? { payments: runtime.payments } : {}),
    },
  });
  return {
    pages: plan.pages.map((page) => fill(template.pages.get(page.file)!, page)),
    notFound: new Map([...template.notFound].map(([file, notFound]) => [file, fill(notFound)])),
  };
}

function campaignTemplate(messages: MessagesOf, plan: CampaignPlan, assembly: RenderInput, context: RenderContext): CampaignTemplate {
  const key = templateKey(plan.config);
  let template = context.templates.get(key);
  if (!template) {
    const { config } = plan;
    // Asset URLs on a stand-in for the base path, filled per campaign.
    const image = imageResolver(assembly.images, `${BASE_PATH_TOKEN}assets/`);
    const bundles = buildLocaleBundles(config, (locale) => messages(config, locale), image, context.formats);
    template = renderCampaignTemplate(plan, {
      scripts: [`${BASE_PATH_TOKEN}assets/${context.bundle.entries.runtime}`],
      modulePreloads: context.bundle.runtimeImports.map((name) => `${BASE_PATH_TOKEN}assets/${name}`),
      languageRedirect: context.bundle.languageRedirect,
      bundles,
      image,
      bodies: context.bodies,
      shells: context.shells,
      translators: context.translators,
      shareImage: (key) => {
        const card = assembly.images.get(key);
        return card && { src: `${BASE_PATH_TOKEN}assets/${card.fallback}`, width: card.width, height: card.height };
      },
    });
    context.templates.set(key, template);
  }
  return template;
}
