// The build and the runtime take the ad networks from their declarations and from nowhere else: the schema's tracking keys,
// the settings a page is given, the policy's hosts and the runtime's event names are those the declarations give, and no
// source outside page/ad-networks/ writes a network's setting, host or event name by hand.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../generator/config/load.ts';
import { mergeOverrides } from '../../../generator/config/merge.ts';
import { configSchema } from '../../../generator/config/schema/index.ts';
import type { Config } from '../../../generator/config/types.ts';
import { validateSite } from '../../../generator/pipeline/check.ts';
import { contentSecurityPolicy } from '../../../generator/pipeline/policy/csp.ts';
import { factFor, type CspDirective, type NetworkSettings } from '../../../page/ad-networks/contract.ts';
import { adNetworkDeclarations, pageNetworkSettings } from '../../../page/ad-networks/index.ts';
import { loadAdNetworks } from '../../../page/runtime/ad-networks.ts';
import { defaultConfig, repoRoot } from '../../helpers.ts';
import { directives } from '../pipeline/csp-directives.ts';
import { FakeDocument } from '../runtime/fake-scripts.ts';
import { allNetworksOn, exampleSettings } from './examples.ts';
import { TRACKING } from './vendor-fakes.ts';

const declarations = adNetworkDeclarations();
const settingKeys = declarations.flatMap((network) => Object.keys(network.config));
/** Every network off, as a campaign turns them off. */
const NONE = Object.fromEntries(settingKeys.map((key) => [key, null]));
const config = (await validateSite(await loadConfig(defaultConfig))).base.config;

describe('the schema', () => {
  /** The keys under `tracking` that are not an ad network's. */
  const OWN_KEYS = ['appsflyer', 'deepLink', 'attribution', 'consent'];

  it("has exactly the networks' settings under tracking, in their order, each of its declared shape and text", () => {
    const properties = configSchema.properties.tracking.properties as unknown as Record<string, { anyOf: Array<{ pattern?: string }> }>;
    expect(Object.keys(properties).filter((key) => !OWN_KEYS.includes(key))).toEqual(settingKeys);
    for (const network of declarations) {
      for (const [key, setting] of Object.entries(network.config)) {
        const schema = properties[key] as unknown as Record<string, unknown>;
        expect(properties[key]!.anyOf[0]!.pattern, key).toBe(setting!.pattern);
        expect(schema.description, key).toBe(setting!.description);
        expect(schema['x-expected'], key).toBe(`${setting!.looksLike}, such as ${setting!.examples.join(' or ')}, or null for none`);
      }
    }
    expect(configSchema.properties.tracking.description).toContain(declarations.map((network) => network.label).join(', '));
  });
});

describe('the settings a page is given', () => {
  it("are every set setting of each network turned on, in the networks' order; none of a network turned off", () => {
    const all = allNetworksOn(declarations);
    expect(Object.entries(pageNetworkSettings(all))).toEqual(settingKeys.map((key) => [key, all[key]]));
    for (const network of declarations) {
      const page = pageNetworkSettings({ ...all, [network.id]: null });
      for (const key of Object.keys(network.config)) expect(page, `${network.key} off`).not.toHaveProperty(key);
      expect(Object.keys(page)).toHaveLength(settingKeys.length - Object.keys(network.config).length);
    }
  });
});

describe('the policy', () => {
  const policyOf = (tracking: NetworkSettings) =>
    directives(
      contentSecurityPolicy(mergeOverrides(config, { tracking: { ...NONE, ...tracking } }) as Config, { scripts: [], styles: [] }),
    );
  const others = policyOf({});
  const DIRECTIVES: CspDirective[] = ['script-src', 'connect-src', 'img-src', 'frame-src'];
  /** What a policy names beyond the one of no network at all, by directive. */
  const added = (policy: Record<string, string[]>) =>
    Object.fromEntries(DIRECTIVES.map((directive) => [directive, policy[directive]!.filter((host) => !others[directive]!.includes(host))]));
  const declared = (settings: NetworkSettings[]) =>
    Object.fromEntries(
      DIRECTIVES.map((directive) => [
        directive,
        [
          ...new Set(
            declarations.flatMap((network) =>
              settings.flatMap((each) => (each[network.id] ? (factFor(network.hosts, each)[directive] ?? []) : [])),
            ),
          ),
        ].filter((host) => !others[directive]!.includes(host)),
      ]),
    );

  it('names no network host when every network is off', () => {
    const networkHosts = new Set(
      declarations.flatMap((network) => exampleSettings(network).flatMap((each) => Object.values(factFor(network.hosts, each)).flat())),
    );
    expect(
      Object.values(others)
        .flat()
        .filter((host) => networkHosts.has(host)),
    ).toEqual([]);
  });

  it('names exactly the hosts a network declares for how it is set, and only while it is on', () => {
    for (const network of declarations) {
      for (const settings of exampleSettings(network)) {
        const policy = policyOf(settings);
        expect(added(policy), `${network.key}: ${JSON.stringify(settings)}`).toEqual(declared([settings]));
        for (const directive of DIRECTIVES) expect(policy[directive], directive).toEqual(expect.arrayContaining(others[directive]!));
      }
    }
    const all = allNetworksOn(declarations);
    expect(added(policyOf(all))).toEqual(declared([all]));
  });
});

describe('the runtime', () => {
  it('publishes each network turned on under its declared names of our two events', async () => {
    for (const network of declarations) {
      for (const settings of exampleSettings(network)) {
        const tracking = { ...TRACKING, ...NONE, ...settings } as typeof TRACKING;
        type Entry = { event: string; networks: Record<string, string>; withoutEventId?: Record<string, string> };
        const win: { dataLayer?: Entry[] } = {};
        const networks = loadAdNetworks(win, new FakeDocument() as never, tracking, { consentGranted: false, warn: () => {} });
        networks.trackTap();
        // Under the id only where the network receives it; else beside it.
        const listed = (event: 'pageView' | 'tap') => {
          const names = { [network.key]: factFor(network.events[event], settings) };
          return factFor(network.eventIds[event], settings) ? [names, {}] : [{}, names];
        };
        expect(
          win.dataLayer?.map((entry) => [entry.event, entry.networks, entry.withoutEventId]),
          network.key,
        ).toEqual([
          ['store-landing.PageView', ...listed('pageView')],
          ['store-landing.AddToCart', ...listed('tap')],
        ]);
      }
    }
  });
});

/**
 * The store-landing dataLayer events' own names (tracking-events.ts), which are Meta's by origin:
 * the runtime writes them as the events it publishes, whatever any network calls them.
 */
const DATA_LAYER_NAMES = ['PageView', 'AddToCart'];

/** What `text` writes by hand of the networks: a setting key or host anywhere, an event name as a string. */
function handWritten(text: string): string[] {
  const hosts = declarations.flatMap((network) =>
    exampleSettings(network).flatMap((each) => Object.values(factFor(network.hosts, each)).flat()),
  );
  const events = declarations
    .flatMap((network) =>
      exampleSettings(network).flatMap((each) => [network.events.pageView, network.events.tap].map((event) => factFor(event, each))),
    )
    .filter((name) => !DATA_LAYER_NAMES.includes(name));
  return [
    ...new Set([
      ...settingKeys.filter((key) => new RegExp(`\\b${key}\\b`).test(text)),
      ...hosts.map((host) => new URL(host).host).filter((host) => text.includes(host)),
      ...events.filter((name) => new RegExp(`['"\`]${name}['"\`]`).test(text)),
    ]),
  ];
}

describe('the source', () => {
  const sources = ['generator', 'page'].flatMap((dir) =>
    readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
      .map((name) => path.posix.join(dir, name.split(path.sep).join('/')))
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('page/ad-networks/')),
  );

  it('names no network setting, host or event name outside page/ad-networks/', () => {
    expect(sources.length).toBeGreaterThan(100);
    const found = sources.flatMap((file) => handWritten(readFileSync(path.join(repoRoot, file), 'utf8')).map((name) => `${file}: ${name}`));
    expect(found).toEqual([]);
  });

  it('would report a key, a host or an event name written by hand', () => {
    expect(handWritten("if (config.tracking.metaPixelId) vendors.push({ 'script-src': ['https://connect.facebook.net'] });")).toEqual([
      'metaPixelId',
      'connect.facebook.net',
    ]);
    expect(handWritten("const tap = settings.googleAdsConversion ? 'conversion' : 'select_content';")).toEqual([
      'googleAdsConversion',
      'select_content',
      'conversion',
    ]);
    expect(handWritten("publish(win, 'AddToCart', id, names); // a conversion label")).toEqual([]);
  });
});
