// Config and locale text equal to the old fixed stand-ins is filled as itself: no injected attribute, and no
// stand-in ever reaches the output.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import {
  containsStandIn,
  documentFiller,
  joinTemplates,
  templateHtml,
  toTemplate,
  INSTALL_LINK_TOKEN,
  STYLE_TOKEN,
} from '../../../generator/pipeline/render/slots.ts';
import { HOSTILE_LINK, OLD_HTML_TOKEN, OLD_JSON_TOKEN, writeHostileConfig } from '../config/hostile-config.ts';

type Element = DefaultTreeAdapterMap['element'];

function elements(node: DefaultTreeAdapterMap['parentNode']): Element[] {
  return node.childNodes.flatMap((child) => ('tagName' in child ? [child, ...elements(child)] : []));
}

const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

describe('filling user text that looks like a stand-in', () => {
  let outDir: string;
  let pages: string[];
  beforeAll(async () => {
    const dir = await writeHostileConfig();
    outDir = path.join(dir, 'out');
    await buildSite({ config: path.join(dir, 'variants.yaml'), outDir });
    pages = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')).pages.map((page: { file: string }) => page.file);
  });

  it('writes no onfocus attribute, and every link exactly as configured', () => {
    for (const file of pages) {
      const all = elements(parse(readFileSync(path.join(outDir, file), 'utf8')));
      expect(
        all.filter((element) => element.attrs.some((attr) => attr.name.startsWith('on'))),
        file,
      ).toEqual([]);
      const hrefs = all.filter((element) => element.tagName === 'a').map((element) => attribute(element, 'href'));
      expect(hrefs, file).toContain(OLD_JSON_TOKEN);
      expect(hrefs, file).toContain(OLD_HTML_TOKEN);
      // The calls to action carry the install link whole, its quote kept inside the attribute.
      expect(hrefs.filter((href) => href === HOSTILE_LINK).length, file).toBeGreaterThanOrEqual(3);
    }
  });

  it('embeds the texts and props the page shows as given: the consent title, and the link the islands hydrate with, without a mismatch', () => {
    for (const file of pages) {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const document = parse(html);
      const texts = elements(document).find((element) => attribute(element, 'id') === 'page-texts')!;
      expect(JSON.parse((texts.childNodes[0] as DefaultTreeAdapterMap['textNode']).value).consent.title, file).toBe(OLD_JSON_TOKEN);
      // The screenshots island renders its links from its own props: the same link, whole.
      const islands = elements(document).find((element) => attribute(element, 'id') === 'island-props')!;
      expect(JSON.parse((islands.childNodes[0] as DefaultTreeAdapterMap['textNode']).value).islands.screenshots.installLink, file).toBe(
        HOSTILE_LINK,
      );
      const title = elements(document).find((element) => element.tagName === 'h1')!;
      expect((title.childNodes[0] as DefaultTreeAdapterMap['textNode']).value, file).toBe(OLD_HTML_TOKEN);
    }
  });

  it('lets no stand-in reach any file of the output', async () => {
    const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(30);
    for (const entry of files) {
      const file = path.join(entry.parentPath, entry.name);
      expect(containsStandIn(readFileSync(file, 'latin1')), file).toBe(false);
    }
  });
});

describe('toTemplate', () => {
  it('refuses a document where a stand-in arrived changed, which would leave it unfilled', () => {
    expect(() => toTemplate(`<a href="${encodeURIComponent(INSTALL_LINK_TOKEN)}">x</a>`)).toThrow(
      'A fill-in stand-in was changed on its way into the document',
    );
  });

  it('fills each stand-in escaped for where it stands', () => {
    const fill = documentFiller({
      basePath: '/',
      installLink: HOSTILE_LINK,
      csp: "default-src 'none'",
      css: "a::after{content:'</style>'}",
      runtime: {} as never,
    });
    const html = Buffer.concat(fill(toTemplate(`<style>${STYLE_TOKEN}</style><a href="${INSTALL_LINK_TOKEN}">x</a>`))).toString();
    expect(html).toBe('<style>a::after{content:\'<\\/style>\'}</style><a href="https://x/&#34;onfocus=alert(document.domain)//">x</a>');
  });
});

describe('joinTemplates', () => {
  it('makes of templates one after another the template of their joined document, sharing their buffers: the same bytes filled, the same text', () => {
    const fill = documentFiller({
      basePath: '/b/',
      installLink: HOSTILE_LINK,
      csp: "default-src 'none'",
      css: 'a{}',
      runtime: {} as never,
    });
    // Stand-ins at either end of a part, and a part with none.
    const parts = [
      `<style>${STYLE_TOKEN}</style><p>é`,
      `<a href="${INSTALL_LINK_TOKEN}">x</a>`,
      '<i>—</i>',
      `</p><a href="${INSTALL_LINK_TOKEN}">`,
    ];
    const templates = parts.map(toTemplate);
    const joined = joinTemplates(templates);
    const whole = toTemplate(parts.join(''));
    expect(Buffer.concat(fill(joined))).toEqual(Buffer.concat(fill(whole)));
    // The very buffers of the parts, in order: nothing copied.
    const own = templates.flatMap((template) => template.texts);
    expect(joined.texts).toHaveLength(own.length);
    own.forEach((text, i) => expect(joined.texts[i]).toBe(text));
    expect(templateHtml(joined)).toBe(parts.join(''));
  });
});
