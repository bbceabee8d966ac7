// The ways each ad network can be set, made from its declaration's own examples: what the declaration tests turn it on with.
import type { AdNetworkDeclaration, NetworkSettings } from '../../../page/ad-networks/contract.ts';

/**
 * A network's settings for each example of its id: once alone, once with every other setting at
 * its first example; each only when it breaks none of the network's rules (a GA4 tag with a
 * conversion label is refused by the config).
 */
export function exampleSettings(network: AdNetworkDeclaration): NetworkSettings[] {
  const [id, ...others] = Object.entries(network.config);
  const withOthers = Object.fromEntries(others.map(([key, setting]) => [key, setting!.examples[0]]));
  return id![1]!.examples
    .flatMap((example) => [{ [network.id]: example }, ...(others.length ? [{ [network.id]: example, ...withOthers }] : [])])
    .filter((settings) => !(network.rules ?? []).some((rule) => rule.broken(settings)));
}

/** Every network on at once, each setting at its first example (the config refuses none of them together). */
export function allNetworksOn(networks: AdNetworkDeclaration[]): NetworkSettings {
  return Object.fromEntries(
    networks.flatMap((network) => Object.entries(network.config).map(([key, setting]) => [key, setting!.examples[0]])),
  );
}

/**
 * Whether a CSP source list allows `origin` (`https://host`) as a browser matches it: an exact
 * source, or `https://*.domain` for any host under that domain (not the domain itself).
 */
export function cspAllows(sources: readonly string[], origin: string): boolean {
  const host = new URL(origin).host;
  return sources.some((source) => (source.startsWith('https://*.') ? host.endsWith(source.slice('https://*'.length)) : source === origin));
}
