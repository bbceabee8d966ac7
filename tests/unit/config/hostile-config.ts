// The fill-in payloads as a config: a developer link, an app name and a consent title equal to the
// old fixed stand-ins, and a default link that closes its attribute.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { copySiteFiles, fixtureConfig, siteDir, temporaryDir } from '../../helpers.ts';

/** The stand-ins as they were: fixed strings anyone could type into the config. */
export const OLD_JSON_TOKEN = 'https://install-link-json.store-landing.invalid/';
export const OLD_HTML_TOKEN = 'https://install-link.store-landing.invalid/';
/** The payload: a default install link that closes its attribute when JSON-escaped into HTML. */
export const HOSTILE_LINK = 'https://x/"onfocus=alert(document.domain)//';

/**
 * Writes the base fixture with the payloads (the developer link, the app name and the consent
 * prompt's title equal to stand-ins) into a new folder; returns it.
 */
export async function writeHostileConfig(): Promise<string> {
  const dir = await temporaryDir('store-landing-fill-in-');
  // The base fixture's images beside it (its paths stay as written); the locales are written below, changed.
  const config = parseYaml(readFileSync(fixtureConfig('base'), 'utf8'));
  copySiteFiles(dir, ['images']);
  config.app.links.developer = OLD_JSON_TOKEN;
  config.app.links.terms = OLD_HTML_TOKEN;
  config.tracking.appsflyer.oneLink.default = HOSTILE_LINK;
  await writeFile(path.join(dir, 'variants.yaml'), stringifyYaml(config));
  await mkdir(path.join(dir, 'locales'));
  for (const locale of ['en', 'de']) {
    const messages = JSON.parse(readFileSync(path.join(siteDir, 'locales', `${locale}.json`), 'utf8'));
    messages.app.name = OLD_HTML_TOKEN;
    messages.consent.title = OLD_JSON_TOKEN;
    await writeFile(path.join(dir, 'locales', `${locale}.json`), JSON.stringify(messages, null, 2));
  }
  return dir;
}
