// A fetched locale bundle is used only when it has the page's own shape: the garbage bundles are refused.
import { describe, expect, it } from 'vitest';
import { hasEveryMessage, isUsableBundle, matchesShape } from '../../templates/runtime/locale-bundle.ts';
import { messageAt } from '../../templates/runtime/consent-prompt.ts';
import { readPageProps } from '../../templates/runtime/page-props.ts';

const PAGE = {
  messages: { header: { get: 'Get', ratings: '{{count}} Ratings' }, empty: '' },
  listing: {
    rating: 4.5,
    ratingCount: '25.6K',
    languages: ['en', 'de'],
    chartRank: 12,
    icon: { src: '/assets/icon.svg', width: 64, height: 64 },
    reviews: [{ id: 'r1', author: 'Kathy', rating: 5 }],
  },
};
const GERMAN = {
  locale: 'de',
  messages: { header: { get: 'Laden', ratings: '{{count}} Bewertungen' }, empty: '', extra: 'ok' },
  listing: { ...PAGE.listing, ratingCount: '25,6 K' },
};

describe('isUsableBundle', () => {
  it('accepts a bundle of the page\'s shape, extra keys included', () => {
    expect(isUsableBundle(GERMAN, 'de', PAGE)).toBe(true);
  });

  it.each([
    ['the issue\'s null messages and listing', { locale: 'de', messages: null, listing: null }],
    ['the issue\'s empty messages', { ...GERMAN, messages: {} }],
    ['no locale', { messages: GERMAN.messages, listing: GERMAN.listing }],
    ['another locale', { ...GERMAN, locale: 'fr' }],
    ['a message that is not a string', { ...GERMAN, messages: { ...GERMAN.messages, header: { get: 1, ratings: 'x' } } }],
    ['an empty message where the page has text', { ...GERMAN, messages: { ...GERMAN.messages, header: { get: '', ratings: 'x' } } }],
    ['a nested group that is a string', { ...GERMAN, messages: { ...GERMAN.messages, header: 'Laden' } }],
    ['a missing listing field', { ...GERMAN, listing: { ...GERMAN.listing, rating: undefined } }],
    ['a listing number as a string', { ...GERMAN, listing: { ...GERMAN.listing, rating: '4,5' } }],
    ['a review that is null', { ...GERMAN, listing: { ...GERMAN.listing, reviews: [null] } }],
    ['fewer reviews', { ...GERMAN, listing: { ...GERMAN.listing, reviews: [] } }],
    ['an icon without its size', { ...GERMAN, listing: { ...GERMAN.listing, icon: { src: '/x.svg' } } }],
    ['a string', 'de'],
    ['null', null],
    ['an array', [GERMAN]],
  ])('refuses %s', (_name, bundle) => {
    expect(isUsableBundle(bundle, 'de', PAGE)).toBe(false);
  });

  it.each([
    ['no page props', null],
    ['page props without messages', { listing: PAGE.listing }],
    ['page props without a listing', { messages: PAGE.messages }],
  ])('refuses everything with %s to compare with', (_name, page) => {
    expect(isUsableBundle(GERMAN, 'de', page)).toBe(false);
  });

  it('compares only along the page\'s own shape, so a huge bundle costs no more', () => {
    const huge = { ...GERMAN, messages: { ...GERMAN.messages, ...Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 'x'])) } };
    const started = performance.now();
    expect(isUsableBundle(huge, 'de', PAGE)).toBe(true);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('matchesShape', () => {
  it.each([
    ['a string for a string', 'a', 'b', true],
    ['an empty string where the reference has text', '', 'b', false],
    ['an empty string where the reference is empty', '', '', true],
    ['a number for a number', 1, 2, true],
    ['a string for a number', '1', 2, false],
    ['a boolean for a boolean', false, true, true],
    ['null for null', null, null, true],
    ['an object for null', {}, null, false],
    ['an array of the same length', [1, 2], [3, 4], true],
    ['an array of another length', [1], [3, 4], false],
    ['an object for an array', { 0: 1 }, [1], false],
    ['an array for an object', [], {}, false],
    ['an inherited key does not count', Object.create({ a: 1 }), { a: 1 }, false],
  ])('%s', (_name, value, reference, matches) => {
    expect(matchesShape(value, reference)).toBe(matches);
  });
});

describe('hasEveryMessage', () => {
  it.each([
    ['the same plural form', { items_one: 'Ein', items_other: 'Viele' }, true],
    ['other plural forms of the language', { items_few: 'Kilka', items_many: 'Wiele', items_other: 'x' }, true],
    ['no form of a plural key', { other_one: 'x' }, false],
  ])('plural keys: %s', (_name, messages, present) => {
    expect(hasEveryMessage(messages, { items_one: 'One', items_other: 'Many' })).toBe(present);
  });
});

describe('readPageProps and messageAt', () => {
  const doc = (text: string | null) => ({ getElementById: (id: string) => (id === 'page-props' && text !== null ? { textContent: text } : null) }) as never;

  it.each([
    ['props', JSON.stringify(PAGE), PAGE],
    ['broken JSON', '{"messages":', null],
    ['a JSON array', '[]', null],
    ['no element', null, null],
  ])('reads %s', (_name, text, props) => {
    expect(readPageProps(doc(text))).toEqual(props);
  });

  it.each([
    [['header', 'get'], 'Get'],
    [['header'], null],
    [['header', 'missing'], null],
    [['empty'], null],
    [['__proto__', 'x'], null],
  ])('messageAt(%j)', (path, message) => {
    expect(messageAt(PAGE.messages, path)).toBe(message);
  });
});
