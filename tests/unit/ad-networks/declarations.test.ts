// Every registered ad network's declaration is complete, and its code does what it declares: loads its script from a host its
// policy names, and sends a tap under its declared name (how the build and the runtime read the declarations: wiring.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { factFor, type AdNetwork, type AdNetworkCode, type CspDirective } from '../../../page/ad-networks/contract.ts';
import { AD_NETWORKS, adNetworkDeclarations } from '../../../page/ad-networks/index.ts';
import { FakeDocument } from '../runtime/fake-scripts.ts';
import { cspAllows, exampleSettings } from './examples.ts';
import { LOAD } from './vendor-fakes.ts';

const DIRECTIVES: CspDirective[] = ['script-src', 'connect-src', 'img-src', 'frame-src'];

/** A network's code, imported when it is a chunk of its own. */
async function codeOf(network: AdNetwork): Promise<AdNetworkCode> {
  return (typeof network.code === 'function' ? await network.code() : network.code) as AdNetworkCode;
}

/** Whether `needle` is among what `value` holds: arrays, plain objects and `arguments` objects, walked. */
function holds(value: unknown, needle: string, seen = new Set<unknown>()): boolean {
  if (value === needle) return true;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return false;
  seen.add(value);
  const items = Object.prototype.toString.call(value) === '[object Arguments]' ? Array.from(value as ArrayLike<unknown>) : [];
  return [...items, ...Object.values(value)].some((item) => holds(item, needle, seen));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("each registered ad network's declaration", () => {
  const declarations = adNetworkDeclarations();

  it('has what only the build reads beside what the page knows, for every network of the list and in its order', () => {
    expect(declarations.map((network) => network.key)).toEqual(AD_NETWORKS.map((network) => network.key));
    expect(new Set(declarations.map((network) => network.key)).size).toBe(declarations.length);
    expect(new Set(declarations.map((network) => network.label)).size).toBe(declarations.length);
    for (const network of declarations) {
      expect(network.label, network.key).toMatch(/\S/);
      expect(Object.keys(network.config)[0], `${network.key}: its id is its first setting`).toBe(network.id);
      expect(network.hosts, network.key).toBeDefined();
    }
    const settings = declarations.flatMap((network) => Object.keys(network.config));
    expect(new Set(settings).size, 'no setting belongs to two networks').toBe(settings.length);
  });

  it('gives each setting a pattern its examples fit, the words of its error message and a description', () => {
    for (const network of declarations) {
      for (const [key, setting] of Object.entries(network.config)) {
        const pattern = new RegExp(setting!.pattern, 'u');
        expect(setting!.examples.length, key).toBeGreaterThan(0);
        for (const example of setting!.examples) expect(example, key).toMatch(pattern);
        expect(setting!.looksLike, key).toMatch(/^an? /);
        expect(setting!.description, key).toMatch(/\S/);
      }
    }
  });

  it('names exact https hosts in its policy, a script host among them, and names our two events, for each way it can be set', () => {
    for (const network of declarations) {
      for (const settings of exampleSettings(network)) {
        const hosts = factFor(network.hosts, settings);
        expect(Object.keys(hosts).filter((directive) => !DIRECTIVES.includes(directive as CspDirective))).toEqual([]);
        expect(hosts['script-src']?.length, network.key).toBeGreaterThan(0);
        for (const host of Object.values(hosts).flat()) expect(host, network.key).toMatch(/^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/);
        expect(factFor(network.events.pageView, settings), network.key).toMatch(/^\w+$/);
        expect(factFor(network.events.tap, settings), network.key).toMatch(/^\w+$/);
      }
    }
  });

  it("has code that loads its vendor's script from a host its policy names, and sends a tap under its declared name", async () => {
    for (const network of declarations) {
      const code = await codeOf(network);
      for (const settings of exampleSettings(network)) {
        const doc = new FakeDocument();
        const win: Record<string, unknown> = {};
        void code.load(win, doc as never, settings as Record<string, string>, LOAD);
        vi.advanceTimersByTime(0);
        expect(doc.scriptSrcs().length, network.key).toBeGreaterThan(0);
        const scriptHosts = factFor(network.hosts, settings)['script-src'];
        for (const src of doc.scriptSrcs())
          expect(cspAllows(scriptHosts ?? [], new URL(src).origin), `${network.key} loads ${src}`).toBe(true);
        const tap = factFor(network.events.tap, settings);
        expect(holds(win, tap), `${network.key} before a tap`).toBe(false);
        code.trackTap(win, settings as Record<string, string>, 'tap-id', tap);
        expect(holds(win, tap), `${network.key} sends ${tap}`).toBe(true);
        const withId = factFor(network.eventIds.tap, settings);
        expect(holds(win, 'tap-id'), `${network.key} sends the tap's id exactly when it declares one`).toBe(withId);
      }
    }
  });
});
