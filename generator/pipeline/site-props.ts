// Every page's props as a build renders the page from them, without rendering: for what renders pages itself
// (the bench's floor, the tests' check of built pages).
import path from 'node:path';
import type { PageProps } from '../../page/contract/props.ts';
import { loadConfig } from '../config/load.ts';
import { messagesFor } from '../config/validate.ts';
import { validateSite } from './check.ts';
import { imageCacheDir } from '../shared/cache-dir.ts';
import { collectImages, createImagePipeline } from './images/images.ts';
import { selectCampaigns, type BuildSelection } from './plan.ts';
import { LocaleFormats } from './render/locale-format.ts';
import { buildLocaleBundles, buildPageProps, imageResolver } from './render/page-props.ts';

export interface SitePage {
  /** The page's file in the build's output folder (`de/feature1/index.html`, `summer/index.html`). */
  file: string;
  props: PageProps;
}

/**
 * The pages a build of `configFile` writes for `selection`, campaign by campaign, each with the
 * props it renders from: the base path and install link filled in, the images from the cache a
 * build beside the config keeps (encoded there first if missing).
 * @throws UserError when the config is not valid, as the build would.
 */
export async function* sitePageProps(configFile: string, selection: BuildSelection = {}): AsyncGenerator<SitePage> {
  const valid = await validateSite(await loadConfig(configFile));
  const images = createImagePipeline(imageCacheDir(valid.loaded.dir));
  const formats = new LocaleFormats();
  for (const plan of selectCampaigns(valid.site, selection)) {
    const { config } = plan;
    const image = imageResolver(await collectImages(config, valid.loaded.dir, images), `${plan.basePath}assets/`);
    const bundles = buildLocaleBundles(config, (locale) => messagesFor(valid, config, locale), image, formats);
    for (const page of plan.pages) {
      yield { file: path.posix.join(plan.dir, page.file), props: buildPageProps(config, page, bundles.get(page.locale)!, image) };
    }
  }
}
