// Hostile strings in the YAML and the locale files render as text: no injected element, and the embedded JSON stays inside its script tag.
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { escapeHtml } from '../../../generator/shared/html.ts';
import { serializeJson } from '../../../generator/pipeline/render/document.ts';
import { copySiteFiles, fixtureConfig, siteDir, temporaryDir as createTemporaryDir } from '../../helpers.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Where each payload goes, and the payload. Each tries another way out of text, attribute, comment or script. */
const PAYLOADS = {
  developer: `<script>alert("developer")</script> & Co. </script><!-- "double" 'single'`,
  copyright: `© 2025 </script><script>alert(2)</script> <img src=x onerror=alert(3)> &amp; &lt; &#60;`,
  author: `"><img src=x onerror=alert(4)>'<svg/onload=alert(5)>`,
  appName: `Pictura</title><script>alert(6)</script><!--`,
  description: `<!--<script>alert(7)</script>--> \u2028\u2029 </style><b onclick="alert(8)">bold</b> ]]> \`\${alert(9)}\``,
  reviewBody: `</script><script type="module">alert(10)</script><![CDATA[x]]><iframe srcdoc="<script>alert(11)</script>">`,
  deepLink: `pictura://create?x=</script><script>alert(12)</script><!--&y="'`,
  defaultLink: `https://pictura.onelink.me/Ab1c/install?a="'><img/src=x/onerror=alert(13)>&b=</script>`,
  consentBody: `</script><!--<script>alert(14)</script> \u2028 &amp;`,
};

/** The same strings with every character that matters to HTML replaced by "x": same lengths, so the same markup. */
const defuse = (text: string) => text.replace(/[<>&"'`]/g, 'x');
const TWIN = Object.fromEntries(Object.entries(PAYLOADS).map(([key, value]) => [key, defuse(value)])) as typeof PAYLOADS;

const created: string[] = [];
async function temporaryDir(prefix?: string): Promise<string> {
  const dir = await createTemporaryDir(prefix);
  created.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Writes a config (the base fixture with `strings` put in) and its en and de locales into a new folder. */
async function writeConfig(strings: typeof PAYLOADS): Promise<string> {
  const dir = await temporaryDir('store-landing-markup-');
  // The base fixture's images beside it (its paths stay as written); the locales are written below, changed.
  const config = parseYaml(readFileSync(fixtureConfig('base'), 'utf8'));
  copySiteFiles(dir, ['images']);
  config.app.developer = strings.developer;
  config.app.copyright = strings.copyright;
  config.app.reviews[0].author = strings.author;
  config.tracking.deepLink = strings.deepLink;
  config.tracking.appsflyer.oneLink.default = strings.defaultLink;
  await writeFile(path.join(dir, 'variants.yaml'), stringifyYaml(config));
  await mkdir(path.join(dir, 'locales'));
  for (const locale of ['en', 'de']) {
    const messages = JSON.parse(readFileSync(path.join(siteDir, 'locales', `${locale}.json`), 'utf8'));
    messages.app.name = strings.appName;
    messages.app.description = strings.description;
    messages.reviews.r1.body = strings.reviewBody;
    messages.consent.body = strings.consentBody;
    await writeFile(path.join(dir, 'locales', `${locale}.json`), JSON.stringify(messages, null, 2));
  }
  return path.join(dir, 'variants.yaml');
}

const PAGES = ['index.html', 'feature1/index.html', 'de/index.html', 'de/feature1/index.html'];
let hostileOut: string;
let twinOut: string;

beforeAll(async () => {
  hostileOut = path.join(await temporaryDir(), 'out');
  twinOut = path.join(await temporaryDir(), 'out');
  await buildSite({ config: await writeConfig(PAYLOADS), outDir: hostileOut });
  await buildSite({ config: await writeConfig(TWIN), outDir: twinOut });
}, 120_000);

function* walk(node: Node): Generator<Node> {
  yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* walk(child);
}

const elements = (root: Node) => [...walk(root)].filter((node): node is Element => 'tagName' in node);
const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;
const textOf = (node: Node): string =>
  [...walk(node)].map((child) => (child.nodeName === '#text' ? (child as DefaultTreeAdapterMap['textNode']).value : '')).join('');

/** The markup of a page without its text: every element with its attribute names, and every comment. */
function structure(html: string): string[] {
  return [...walk(parse(html))].flatMap((node) => {
    if ('tagName' in node)
      return [
        `<${node.tagName} ${node.attrs
          .map((attr) => attr.name)
          .sort()
          .join(' ')}>`,
      ];
    return node.nodeName === '#comment' ? ['<!---->'] : [];
  });
}

/** Every string anywhere inside a JSON value. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsIn) : [];

describe.each(PAGES)('%s built from hostile strings', (page) => {
  let html: string;
  let twinHtml: string;
  let document: DefaultTreeAdapterMap['document'];
  beforeAll(() => {
    html = readFileSync(path.join(hostileOut, page), 'utf8');
    twinHtml = readFileSync(path.join(twinOut, page), 'utf8');
    document = parse(html);
  });

  it('has exactly the elements, attributes and comments of the same page built from defused strings', () => {
    expect(structure(html)).toEqual(structure(twinHtml));
    const scripts = elements(document).filter((element) => element.tagName === 'script');
    const twinScripts = elements(parse(twinHtml)).filter((element) => element.tagName === 'script');
    expect(scripts.length).toBe(twinScripts.length);
    // The only scripts are the bundles, the three JSON blocks, and inline code that no string reached.
    scripts.forEach((script, i) => {
      if (attribute(script, 'src') !== undefined) return;
      if (attribute(script, 'type') === 'application/json') {
        expect(['page-texts', 'island-props', 'runtime-config']).toContain(attribute(script, 'id'));
        return;
      }
      expect(textOf(script)).toBe(textOf(twinScripts[i]!));
    });
  });

  it('carries no event handler, injected image, frame or svg from a payload', () => {
    const all = elements(document);
    expect(all.flatMap((element) => element.attrs.filter((attr) => /^on/i.test(attr.name)))).toEqual([]);
    expect(all.filter((element) => ['iframe', 'b'].includes(element.tagName))).toEqual([]);
    expect(all.filter((element) => element.tagName === 'img' && attribute(element, 'src') === 'x')).toEqual([]);
    expect(html).not.toMatch(/<script>alert|<img[^>]*onerror|<svg\/onload|<iframe|<!--<script|<!\[CDATA\[/i);
    // No comment holds anything but React's empty text separators.
    const comments = [...walk(document)].filter((node) => node.nodeName === '#comment') as DefaultTreeAdapterMap['commentNode'][];
    expect(comments.map((comment) => comment.data.trim()).filter(Boolean)).toEqual([]);
  });

  it('shows every payload as the exact text it is', () => {
    const root = elements(document).find((element) => attribute(element, 'id') === 'root')!;
    const text = textOf(root);
    for (const payload of [
      PAYLOADS.developer,
      PAYLOADS.copyright,
      PAYLOADS.author,
      PAYLOADS.appName,
      PAYLOADS.description,
      PAYLOADS.reviewBody,
    ]) {
      expect(text).toContain(payload);
    }
    const title = elements(document).find((element) => element.tagName === 'title')!;
    expect(textOf(title)).toContain(PAYLOADS.appName);
    const description = elements(document).find((element) => element.tagName === 'meta' && attribute(element, 'name') === 'description')!;
    expect(attribute(description, 'content')).toContain(PAYLOADS.developer);
    // Every call to action links to the configured default install link, exactly, as an attribute value.
    const ctas = elements(document).filter((element) => attribute(element, 'data-cta') !== undefined);
    expect(ctas.length).toBeGreaterThan(0);
    for (const cta of ctas) expect(attribute(cta, 'href')).toBe(PAYLOADS.defaultLink);
  });

  it('keeps the embedded JSON inside its script tags, and it parses back to the exact strings', () => {
    for (const id of ['page-texts', 'island-props', 'runtime-config']) {
      const script = elements(document).find((element) => element.tagName === 'script' && attribute(element, 'id') === id)!;
      const raw = textOf(script);
      expect(raw).not.toMatch(/<|>|&|\u2028|\u2029/);
      const data = JSON.parse(raw);
      if (id === 'page-texts') {
        // The consent prompt's, which the runtime shows itself.
        expect(data.consent.body).toBe(PAYLOADS.consentBody);
      } else if (id === 'island-props') {
        // The islands' words, as the page shows them: the review's author and body, the install link.
        const strings = stringsIn(data);
        for (const payload of [PAYLOADS.author, PAYLOADS.reviewBody, PAYLOADS.defaultLink]) expect(strings).toContain(payload);
      } else {
        expect(data.tracking.deepLink).toBe(PAYLOADS.deepLink);
        expect(data.tracking.appsflyer.oneLink.default).toBe(PAYLOADS.defaultLink);
      }
    }
  });
});

describe('escapeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&#60;script&#62;alert(1)&#60;/script&#62;'],
    [`"'&`, '&#34;&#39;&#38;'],
    ['&amp;', '&#38;amp;'],
    ['plain text, ünïcödé', 'plain text, ünïcödé'],
  ])('escapes %j', (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });

  it('gives back any string exactly as text and as a double- or single-quoted attribute (2,000 runs)', () => {
    // The HTML parser itself turns CR into LF and NUL into U+FFFD; the template never sees those.
    const text = fc.string({ unit: 'binary', maxLength: 120 }).map((value) => value.replace(/[\r\0]/g, ''));
    fc.assert(
      fc.property(text, (value) => {
        const escaped = escapeHtml(value);
        expect(escaped).not.toMatch(/[<>"']/);
        const fragment = parseFragment(`<p title="${escaped}" data-x='${escaped}'>${escaped}</p><i></i>`);
        const [paragraph, after] = fragment.childNodes as Element[];
        expect(fragment.childNodes).toHaveLength(2);
        expect(after!.tagName).toBe('i');
        expect(attribute(paragraph!, 'title')).toBe(value);
        expect(attribute(paragraph!, 'data-x')).toBe(value);
        expect(textOf(paragraph!)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('serializeJson', () => {
  it('escapes what could end the script element or open a comment in it', () => {
    expect(serializeJson({ a: '</script><!--<script>', b: '\u2028&' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u003cscript\\u003e","b":"\\u2028\\u0026"}',
    );
  });

  it('stays one script element whose text parses back to the same value, for any JSON value (2,000 runs)', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom('</script>', '</SCRIPT >', '<!--', '<script>', '-->', '\u2028', '\u2029', '\\', '"'),
    );
    const value = fc
      .jsonValue({ maxDepth: 3 })
      .chain((json) =>
        fc.tuple(fc.constant(json), fc.array(hostile, { maxLength: 5 })).map(([inner, extra]) => ({ inner, extra: extra.join('') })),
      );
    fc.assert(
      fc.property(value, (input) => {
        const serialized = serializeJson(input);
        expect(serialized).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(serialized)).toEqual(JSON.parse(JSON.stringify(input)));
        const fragment = parseFragment(`<script type="application/json" id="x">${serialized}</script><i></i>`);
        expect(fragment.childNodes.map((node) => node.nodeName)).toEqual(['script', 'i']);
        expect(textOf(fragment.childNodes[0]!)).toBe(serialized);
      }),
      { numRuns: 2000 },
    );
  });
});
