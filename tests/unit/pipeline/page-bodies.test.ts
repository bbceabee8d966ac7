// A locale's pages share their body but for the screenshots section: the build renders the rest once, and
// every page is still exactly what <App> renders from its props.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { renderBody, ShellCache } from '../../../generator/pipeline/render/body.ts';
import { templateHtml, type DocumentTemplate } from '../../../generator/pipeline/render/slots.ts';
import { sitePageProps } from '../../../generator/pipeline/site-props.ts';
import { BoundedCache } from '../../../generator/shared/bounded-cache.ts';
import { readCampaignManifests } from '../../../generator/shared/manifest.ts';
import { render, TranslatorCache } from '../../../page/view/entry-server.tsx';
import type { PageProps } from '../../../page/contract/props.ts';
import { fixturesDir, temporaryDir } from '../../helpers.ts';

/** Every built page: its props (sitePageProps) and its body (the root element's markup). */
const pages: Array<{ file: string; props: PageProps; body: string }> = [];
/** Every page the build wrote, by its manifests. */
let built: string[] = [];

/**
 * The markets fixture (Arabic digits and right to left among its locales) with two more
 * variants of their own screenshots, and two campaigns: one with listing facts of its own,
 * one with other shared screenshots.
 */
beforeAll(async () => {
  const project = await temporaryDir();
  cpSync(path.join(fixturesDir, 'markets'), project, { recursive: true });
  const config = parse(readFileSync(path.join(project, 'variants.yaml'), 'utf8'));
  config.variants.push(
    { name: 'feature1', path: '/feature1', screenshots: ['images/screenshots/default-2.svg'] },
    { name: 'feature2', path: '/feature2', screenshots: ['images/screenshots/default-3.svg', 'images/screenshots/default-1.svg'] },
  );
  config.campaigns = {
    ...config.campaigns,
    facts: { app: { ratingCount: 777, developer: 'Other Labs' } },
    shared: { sharedScreenshots: ['images/screenshots/shared-2.svg'] },
  };
  writeFileSync(path.join(project, 'variants.yaml'), stringify(config));
  const outDir = path.join(project, 'out');
  await buildSite({ config: path.join(project, 'variants.yaml'), outDir, all: true });
  for await (const { file, props } of sitePageProps(path.join(project, 'variants.yaml'), { all: true })) {
    const html = readFileSync(path.join(outDir, file), 'utf8');
    pages.push({ file, props, body: /<div id="root">(.*?)<\/div><script/s.exec(html)![1]! });
  }
  built = readCampaignManifests(outDir).flatMap(({ dir, manifest }) =>
    manifest.pages.map((page) => path.relative(outDir, path.join(dir, page.file))),
  );
}, 120_000);

describe('page bodies', () => {
  it('are, on every page of every campaign, what <App> renders whole from the page props', () => {
    expect(pages.length).toBeGreaterThanOrEqual(3 * 12);
    expect(pages.map((page) => page.file).sort()).toEqual([...built].sort());
    expect(new Set(pages.map((page) => page.props.locale))).toEqual(new Set(['en', 'ja', 'pt-BR', 'ar']));
    const translators = new TranslatorCache();
    for (const page of pages) expect(page.body, page.file).toBe(render(page.props, translators));
  });

  it("render a locale's body once and swap in each other page's screenshots section, the same as rendering it whole", () => {
    const shells = new ShellCache();
    const context = { bodies: new BoundedCache<string, DocumentTemplate>(64), shells, translators: new TranslatorCache() };
    const arabic = pages.filter((page) => page.props.locale === 'ar');
    for (const page of arabic) {
      const whole = render({ ...page.props, installLink: 'https://install.invalid/' }, context.translators);
      const made = templateHtml(renderBody(page.props, context));
      // The install link is a stand-in in what renderBody makes (filled per campaign later).
      expect(made.replace(/https:\/\/install-link-[0-9a-f]+\.store-landing\.invalid\//g, 'https://install.invalid/'), page.file).toBe(
        whole,
      );
    }
    // A whole render per listing (campaigns with facts of their own have their own); the other distinct bodies spliced.
    const distinct = (of: (props: PageProps) => unknown) => new Set(arabic.map((page) => JSON.stringify(of(page.props)))).size;
    const listings = distinct((props) => props.listing);
    expect(shells.rendered).toEqual({ whole: listings, spliced: distinct((props) => [props.listing, props.screenshots]) - listings });
    expect(shells.rendered.spliced).toBeGreaterThanOrEqual(listings);
  });
});
