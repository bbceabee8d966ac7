// Rendered bodies are shared by pages that differ only in their install link, and sharing never changes a byte.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { buildSite } from '../../generator/build.ts';
import { renderBody } from '../../generator/render.ts';
import { render } from '../../templates/entry-server.tsx';
import type { PageProps } from '../../templates/props.ts';
import { defaultConfig, temporaryDir } from '../helpers.ts';

let props: PageProps;
beforeAll(async () => {
  const outDir = path.join(await temporaryDir(), 'out');
  await buildSite({ config: defaultConfig, outDir });
  const html = readFileSync(path.join(outDir, 'de/feature1/index.html'), 'utf8');
  props = JSON.parse(/<script type="application\/json" id="page-props">(.*?)<\/script>/.exec(html)![1]!);
});

it('renders exactly what renderToString renders, for links with characters HTML escapes', () => {
  const bodies = new Map<string, string>();
  for (const installLink of ['https://a.onelink.me/x', 'https://a.onelink.me/x?pid=a&c=b"<c>', "https://a.onelink.me/x?q='1'"]) {
    const page = { ...props, installLink };
    const cached = renderBody(page, bodies);
    const parse = (html: string) => new Map([...html.matchAll(/<a [^>]*data-cta="[a-z]+"[^>]*>/g)].map((match, i) => [i, match[0]]));
    // Same markup, the link escaped (React writes &amp;, we write &#38;: the same attribute value).
    const unescape = (html: string) => html.replace(/&amp;|&#38;/g, '&').replace(/&quot;|&#34;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;|&#60;/g, '<').replace(/&gt;|&#62;/g, '>');
    expect(unescape(cached)).toBe(unescape(render(page)));
    expect(parse(cached).size).toBeGreaterThanOrEqual(8);
  }
  // One render served all three links.
  expect(bodies.size).toBe(1);
});

it('renders again when anything but the link differs', () => {
  const bodies = new Map<string, string>();
  renderBody(props, bodies);
  renderBody({ ...props, route: '/feature2', variant: 'feature2' }, bodies);
  renderBody({ ...props, listing: { ...props.listing, chartRank: 3 } }, bodies);
  expect(bodies.size).toBe(3);
});
