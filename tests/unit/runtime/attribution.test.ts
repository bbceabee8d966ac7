import { describe, expect, it } from 'vitest';
import { decodeQueryComponent, normaliseKey, parseAttribution } from '../../../page/runtime/attribution.ts';

const asObject = (search: string) => Object.fromEntries(parseAttribution(search));

describe('parseAttribution', () => {
  it.each([
    ['form-encoded space', '?utm+source=fb', 'utm_source', 'fb'],
    ['encoded plus', '?utm%2Bsource=fb', 'utm_source', 'fb'],
    ['encoded space', '?utm%20source=fb', 'utm_source', 'fb'],
    ['literal space', '?utm source=fb', 'utm_source', 'fb'],
    ['two spaces', '?utm++campaign=x', 'utm__campaign', 'x'],
    ['plain key', '?utm_campaign=spring', 'utm_campaign', 'spring'],
    ['any utm_* key', '?utm_id=42', 'utm_id', '42'],
    ['fbclid', '?fbclid=abc', 'fbclid', 'abc'],
    ['deep_link_value', '?deep_link_value=promo', 'deep_link_value', 'promo'],
    ['campaign_id', '?campaign_id=1', 'campaign_id', '1'],
    ['adset_id', '?adset_id=2', 'adset_id', '2'],
    ['ad_id', '?ad_id=3', 'ad_id', '3'],
    ['ad+id normalised to a kept key', '?ad+id=3', 'ad_id', '3'],
  ])('reads %s', (_name, search, key, value) => {
    expect(parseAttribution(search).get(key)).toBe(value);
  });

  it.each([
    ['fbclid present', '?fbclid=abc', 'facebook'],
    ['nothing', '', 'organic'],
    ['only a question mark', '?', 'organic'],
    ['empty fbclid', '?fbclid=', 'organic'],
    ['explicit source wins over fbclid', '?fbclid=abc&utm_source=ig', 'ig'],
    ['empty source takes the default', '?utm_source=&fbclid=abc', 'facebook'],
    ['normalised source wins', '?utm+source=fb&fbclid=abc', 'fb'],
  ])('utm_source default: %s', (_name, search, source) => {
    expect(parseAttribution(search).get('utm_source')).toBe(source);
  });

  it.each([
    ['first wins', '?utm_campaign=a&utm_campaign=b', 'a'],
    ['first wins across spellings', '?utm+campaign=a&utm_campaign=b', 'a'],
    ['empty value is absent, next one counts', '?utm_campaign=&utm_campaign=b', 'b'],
    ['key without = is absent', '?utm_campaign&utm_campaign=b', 'b'],
  ])('repeated keys: %s', (_name, search, value) => {
    expect(parseAttribution(search).get('utm_campaign')).toBe(value);
  });

  it("keeps every key with a value (custom parameters, other networks' click ids) and leaves out empty ones", () => {
    expect(asObject('?utm_medium=&gclid=g&foo=bar&campaign_id=&ttclid=t')).toEqual({
      gclid: 'g',
      foo: 'bar',
      ttclid: 't',
      utm_source: 'organic',
    });
  });

  it.each([
    ["the issue's custom keys", '?my+key=1&x=hello%20world', { my_key: '1', x: 'hello world', utm_source: 'organic' }],
    ['a key spelled three ways, first non-empty wins', '?my%20key=&my%2Bkey=2&my_key=3', { my_key: '2', utm_source: 'organic' }],
    ['keys are case-sensitive', '?ScCid=s&sccid=t', { ScCid: 's', sccid: 't', utm_source: 'organic' }],
    ['a key with other characters', '?ad-id=1&a.b=2', { 'ad-id': '1', 'a.b': '2', utm_source: 'organic' }],
    ['an empty key is no key', '?=1&&x=2', { x: '2', utm_source: 'organic' }],
  ])('custom parameters: %s', (_name, search, expected) => {
    expect(asObject(search)).toEqual(expected);
  });

  it('keeps = inside values', () => {
    expect(parseAttribution('?utm_content=a=b').get('utm_content')).toBe('a=b');
  });

  it.each([
    ['percent-encoded unicode', '?utm_campaign=%C3%A9t%C3%A9', 'été'],
    ['encoded ampersand and hash', '?utm_campaign=a%26b%23c', 'a&b#c'],
    ['plus is a space', '?utm_campaign=summer+sale', 'summer sale'],
    ['encoded plus stays a plus', '?utm_campaign=a%2Bb', 'a+b'],
    ['invalid escape kept as written', '?utm_campaign=50%off', '50%off'],
    ['invalid escape with plus', '?utm_campaign=50%off+sale', '50%off sale'],
    ['truncated UTF-8 kept as written', '?utm_campaign=%E2%82', '%E2%82'],
    ['lone percent', '?utm_campaign=%', '%'],
  ])('decodes values: %s', (_name, search, value) => {
    expect(parseAttribution(search).get('utm_campaign')).toBe(value);
  });

  it('never throws on invalid percent-encoding in keys', () => {
    expect(() => parseAttribution('?utm_%E2=1&%=2&utm_x%=3')).not.toThrow();
    expect(parseAttribution('?utm_x%=3').get('utm_x%')).toBe('3');
  });

  it('is immune to prototype keys', () => {
    const values = parseAttribution('?__proto__=x&constructor=y&utm___proto__=z&utm_constructor=w');
    expect(values).toBeInstanceOf(Map);
    expect(values.get('utm___proto__')).toBe('z');
    expect(values.get('utm_constructor')).toBe('w');
    // Kept as plain data in the Map: nothing reaches Object.prototype.
    expect(values.get('__proto__')).toBe('x');
    expect(values.get('constructor')).toBe('y');
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('works without the leading question mark', () => {
    expect(parseAttribution('utm_source=x').get('utm_source')).toBe('x');
  });
});

describe('decodeQueryComponent and normaliseKey', () => {
  it.each([
    ['a+b', 'a b'],
    ['a%20b', 'a b'],
    ['%zz', '%zz'],
  ])('decodes %s', (raw, decoded) => {
    expect(decodeQueryComponent(raw)).toBe(decoded);
  });

  it.each([
    ['utm+source', 'utm_source'],
    ['utm%2Bsource', 'utm_source'],
    ['utm%20source', 'utm_source'],
    ['UTM_Source', 'UTM_Source'],
  ])('normalises %s', (raw, key) => {
    expect(normaliseKey(raw)).toBe(key);
  });
});
