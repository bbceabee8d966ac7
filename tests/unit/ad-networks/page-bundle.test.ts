// The ad networks in the page's bundle: what only the build reads of them is left out, and every network's code but Meta's
// is a chunk the runtime imports only when a campaign turns the network on.
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleRuntime, type Bundle } from '../../../generator/pipeline/bundle/bundle.ts';
import { factFor } from '../../../page/ad-networks/contract.ts';
import { adNetworkDeclarations } from '../../../page/ad-networks/index.ts';
import { exampleSettings } from './examples.ts';

const declarations = adNetworkDeclarations();
let bundle: Bundle;
/** The text of every JS output, and of those that load with the runtime (it and its static imports). */
let everything: string;
let withRuntime: string;

beforeAll(async () => {
  bundle = await bundleRuntime();
  const text = (names: string[]) =>
    bundle.files
      .filter((file) => file.name.endsWith('.js') && names.includes(file.name))
      .map((file) => new TextDecoder().decode(file.contents))
      .join('\n');
  everything = text(bundle.files.map((file) => file.name));
  withRuntime = text([bundle.entries.runtime, ...bundle.runtimeImports]);
});

describe("the page's bundle", () => {
  it('carries no setting text of any network: the schema reads it, the page never does', () => {
    for (const network of declarations) {
      for (const [key, setting] of Object.entries(network.config)) {
        expect(everything.includes(setting!.description), `${key}'s description`).toBe(false);
        expect(everything.includes(setting!.looksLike), `${key}'s shape`).toBe(false);
      }
    }
  });

  it("loads with the runtime only Meta's code; each other network's script host is in a chunk of its own", () => {
    for (const network of declarations) {
      const lazy = typeof network.code === 'function';
      expect(lazy, `${network.key}'s code is lazy`).toBe(network.key !== 'meta');
      const scriptHosts = exampleSettings(network).flatMap((settings) => factFor(network.hosts, settings)['script-src'] ?? []);
      const loaded = scriptHosts.filter((host) => everything.includes(`"${host}/`));
      expect(loaded.length, `${network.key} loads its script from a host it declares`).toBeGreaterThan(0);
      for (const host of loaded) expect(withRuntime.includes(host), `${network.key}: ${host} with the runtime`).toBe(!lazy);
    }
  });
});
