// The policy against each vendor's own CSP guidance, written out here as the guides list it (docs/security.md cites each):
// every documented host of a network, for how a campaign sets it, is in the page's policy.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../generator/pipeline/policy/csp.ts';
import { loadConfig } from '../../../generator/config/load.ts';
import { validateSite } from '../../../generator/pipeline/check.ts';
import { mergeOverrides } from '../../../generator/config/merge.ts';
import type { Config } from '../../../generator/config/types.ts';
import { defaultConfig } from '../../helpers.ts';
import { directives } from './csp-directives.ts';
import { ADS, GA4, GA4_SIGNALS, GOOGLE_TAG, META, SNAP, TIKTOK, type Guide } from '../../vendor-csp-guides.ts';

const config = (await validateSite(await loadConfig(defaultConfig))).base.config;

const NONE = { metaPixelId: null, tiktokPixelId: null, snapPixelId: null, googleTagId: null, googleAdsConversion: null };

/** The policy's directives for a campaign with only these network settings. */
function policyWith(tracking: Record<string, string | null>): Record<string, string[]> {
  return directives(
    contentSecurityPolicy(mergeOverrides(config, { tracking: { ...NONE, ...tracking } }) as Config, { scripts: [], styles: [] }),
  );
}

/** Every documented host the policy lacks, as `directive host`. */
function missing(policy: Record<string, string[]>, ...guides: Guide[]): string[] {
  return guides.flatMap((guide) =>
    Object.entries(guide).flatMap(([directive, hosts]) =>
      hosts.filter((host) => !policy[directive]?.includes(host)).map((host) => `${directive} ${host}`),
    ),
  );
}

const CASES: Array<[string, Record<string, string>, Guide[]]> = [
  ['Meta', { metaPixelId: '1234567890123456' }, [META]],
  ['TikTok', { tiktokPixelId: 'C4A1B2C3D4E5F6G7H8I9' }, [TIKTOK]],
  ['Snap', { snapPixelId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }, [SNAP]],
  ['GA4', { googleTagId: 'G-ABC123DEF4' }, [GOOGLE_TAG, GA4]],
  [
    'GA4 with Google signals',
    { googleTagId: 'G-ABC123DEF4', googleSignals: 'on', googleCountryDomains: 'google.de' },
    [GOOGLE_TAG, GA4, GA4_SIGNALS],
  ],
  ['Google Ads', { googleTagId: 'AW-123456789', googleAdsConversion: 'AbC-D_efG', googleCountryDomains: 'google.de' }, [GOOGLE_TAG, ADS]],
  [
    'GA4 and Ads through one GT- tag, with signals',
    { googleTagId: 'GT-ABCD1234', googleSignals: 'on', googleCountryDomains: 'google.de' },
    [GOOGLE_TAG, GA4, GA4_SIGNALS, ADS],
  ],
];

describe("each network's hosts against its vendor's guide", () => {
  it.each(CASES)('%s: every documented host is allowed', (_name, tracking, guides) => {
    expect(missing(policyWith(tracking), ...guides)).toEqual([]);
  });

  it('names none of Google signals without it, nor Ads hosts for a GA4 tag', () => {
    const ga4 = policyWith({ googleTagId: 'G-ABC123DEF4', googleCountryDomains: 'google.de' });
    expect(missing(ga4, GA4_SIGNALS)).toEqual(missing(policyWith({}), GA4_SIGNALS));
    expect(ga4['script-src']).not.toContain('https://www.googleadservices.com');
  });

  it('would report a documented host the policy lacks', () => {
    const policy = policyWith({ googleTagId: 'G-ABC123DEF4' });
    const without = { ...policy, 'connect-src': policy['connect-src']!.filter((host) => host !== 'https://www.google.com') };
    expect(missing(without, GA4)).toEqual(['connect-src https://www.google.com']);
  });
});
