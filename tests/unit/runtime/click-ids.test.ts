// Other ad networks' click ids: which query keys they arrive in and which install-link parameter AppsFlyer reads each from.
import { describe, expect, it } from 'vitest';
import { parseAttribution } from '../../../page/runtime/attribution.ts';
import { CLICK_ID_PARAMS, CLICK_IDS, resolveClickIds } from '../../../page/contract/click-ids.ts';

const resolved = (search: string) => Object.fromEntries(resolveClickIds(parseAttribution(search)));

describe('resolveClickIds', () => {
  it.each([
    ['Google', '?gclid=G1', { gclid: 'G1' }],
    ['Google iOS app (gbraid)', '?gbraid=B1', { gbraid: 'B1' }],
    ['Google iOS web (wbraid)', '?wbraid=W1', { wbraid: 'W1' }],
    ['Meta', '?fbclid=F1', { fbclid: 'F1' }],
    ['TikTok', '?ttclid=T1', { ttclid: 'T1' }],
    ['X', '?twclid=X1', { twclid: 'X1' }],
    ['Snapchat as it sends it', '?ScCid=S1', { sccid: 'S1' }],
    ['Snapchat lower-case', '?sccid=S2', { sccid: 'S2' }],
    ['Snapchat, ScCid first', '?sccid=S2&ScCid=S1', { sccid: 'S1' }],
    ['Microsoft Advertising', '?msclkid=M1', { clickid: 'M1' }],
    ['Google with a keyword', '?gclid=G1&keyword=sale+boat', { gclid: 'G1', af_keywords: 'sale boat' }],
    ['gbraid with a keyword', '?gbraid=B1&keyword=k', { gbraid: 'B1', af_keywords: 'k' }],
    ['a keyword without a Google click', '?ttclid=T1&keyword=k', { ttclid: 'T1' }],
    ['an empty click id', '?gclid=&ttclid=', {}],
    ['first non-empty value wins', '?ttclid=&ttclid=T2&ttclid=T3', { ttclid: 'T2' }],
    ['the underscore rule does not make a click id of another key', '?tt+clid=T1', {}],
    ['several networks at once, in table order', '?msclkid=M&ttclid=T&gclid=G', { gclid: 'G', ttclid: 'T', clickid: 'M' }],
  ])('%s', (_name, search, expected) => {
    expect(resolved(search)).toEqual(expected);
  });

  it('keeps the order of CLICK_IDS', () => {
    expect([
      ...resolveClickIds(parseAttribution('?msclkid=M&ScCid=S&twclid=X&ttclid=T&fbclid=F&wbraid=W&gbraid=B&gclid=G')).keys(),
    ]).toEqual(CLICK_IDS.map((rule) => rule.param));
  });

  it('lists every parameter it can produce', () => {
    expect([...CLICK_ID_PARAMS].sort()).toEqual([
      'af_keywords',
      'clickid',
      'fbclid',
      'gbraid',
      'gclid',
      'sccid',
      'ttclid',
      'twclid',
      'wbraid',
    ]);
  });
});
