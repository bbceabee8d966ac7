// The description's clamp is decided at render time: a long text comes clamped with "more" in the server
// HTML, a short one whole and without it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Description, isLongDescription } from '../../../page/view/components/description.tsx';
import { I18nProvider } from '../../../page/view/i18n.tsx';
import type { Listing, Messages } from '../../../page/contract/props.ts';
import { siteDir } from '../../helpers.ts';

const en = JSON.parse(readFileSync(path.join(siteDir, 'locales/en.json'), 'utf8')) as Messages & { app: Messages };
const listing = { developer: 'Lumen Pixel Labs GmbH', links: { developer: 'https://example.com/' } } as Listing;

function renderDescription(description: string): string {
  const messages = { ...en, app: { ...en.app, description } };
  return renderToString(
    <I18nProvider locale="en" messages={messages}>
      <Description listing={listing} />
    </I18nProvider>,
  );
}

describe('isLongDescription', () => {
  it.each([
    ['a short line', false],
    ['x'.repeat(280), false],
    ['x'.repeat(281), true],
    ['one\ntwo\nthree', false],
    ['one\ntwo\nthree\nfour', true],
    ['one\n\nthree\n', true],
  ])('%j is long: %s', (text, long) => {
    expect(isLongDescription(text)).toBe(long);
  });
});

describe('Description', () => {
  it('renders the default (long) English text clamped, with a "more" toggle that needs no JavaScript', () => {
    expect(isLongDescription(String(en.app.description))).toBe(true);
    const html = renderDescription(String(en.app.description));
    expect(html).toContain('class="description__body description__body--long"');
    expect(html).toMatch(/<input class="description__toggle" type="checkbox" id="description-more"\/?>/);
    expect(html).toMatch(/<label class="description__more" for="description-more">more<\/label>/);
  });

  it('renders a short text whole, with no "more"', () => {
    const html = renderDescription('Describe anything and Pictura paints it for you in seconds.');
    expect(html).toContain('class="description__body"');
    expect(html).not.toContain('description__body--long');
    expect(html).not.toContain('description__toggle');
    expect(html).not.toContain('description__more');
    expect(html).toContain('Describe anything and Pictura paints it for you in seconds.');
  });
});
