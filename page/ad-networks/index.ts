// The ad networks in order: the list the runtime loads, and the schema, the policy and the campaign assembly read.
import type { AdNetworkDeclaration, NetworkSettings, PageNetworkSettings } from './contract.ts';
import { isOn } from './contract.ts';
import { google, googleBuildFacts } from './google.ts';
import { meta, metaBuildFacts } from './meta.ts';
import { snap, snapBuildFacts } from './snap.ts';
import { tiktok, tiktokBuildFacts } from './tiktok.ts';

/** Every network, in the order the page loads them, the dataLayer names them and the config lists their settings. */
export const AD_NETWORKS = [meta, tiktok, snap, google] as const;

/**
 * What only the build reads of each network, by its key. A map beside AD_NETWORKS rather than in
 * it: the runtime imports AD_NETWORKS alone, so the page's bundle carries none of this. It must
 * name every network of AD_NETWORKS, and nothing else.
 */
const BUILD_FACTS = {
  meta: metaBuildFacts,
  tiktok: tiktokBuildFacts,
  snap: snapBuildFacts,
  google: googleBuildFacts,
} satisfies { readonly [Key in (typeof AD_NETWORKS)[number]['key']]: unknown };

type BuildFacts = typeof BUILD_FACTS;

/** Every key under `tracking` that belongs to an ad network. */
export type AdNetworkSetting = { [Key in keyof BuildFacts]: keyof BuildFacts[Key]['config'] }[keyof BuildFacts];

/** Every network whole, as the build reads it, in AD_NETWORKS' order. */
export function adNetworkDeclarations(): AdNetworkDeclaration<AdNetworkSetting>[] {
  return AD_NETWORKS.map((network) => ({ ...network, ...BUILD_FACTS[network.key] }) as AdNetworkDeclaration<AdNetworkSetting>);
}

/**
 * The networks' settings a page is given: each set one of the networks `tracking` turns on, in
 * AD_NETWORKS' order. A null (a campaign turning a network off) never reaches the page, nor does
 * a network's other setting without its id.
 */
export function pageNetworkSettings(tracking: NetworkSettings<AdNetworkSetting>): PageNetworkSettings<AdNetworkSetting> {
  const settings: PageNetworkSettings<AdNetworkSetting> = {};
  for (const network of adNetworkDeclarations()) {
    if (!isOn(network, tracking)) continue;
    for (const key of Object.keys(network.config) as AdNetworkSetting[]) {
      const value = tracking[key];
      if (value) settings[key] = value;
    }
  }
  return settings;
}
