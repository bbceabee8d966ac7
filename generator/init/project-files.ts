// The text files `store-landing init` writes: the project's package.json, variants.yaml, locale files, .gitignore,
// the CI workflow and the baselines' README, from the choices of the command line.
import { adNetworkDeclarations } from '../../page/ad-networks/index.ts';
import { shippedTagFor } from '../config/shipped-labels.ts';

/** What `init` was asked for, checked. */
export interface InitChoices {
  /** The app's name as the page shows it. */
  name: string;
  /** Language tags; the first is the default language (`en` when listed). */
  locales: string[];
  /** Route paths: `/` or `/[a-z0-9-]+`. */
  routes: string[];
  /** The App Store id, when given (`store-facts` reads it). */
  appId?: string;
}

/** The variant of a route: `default` for `/`, else its name. */
export function variantName(route: string): string {
  return route === '/' ? 'default' : route.slice(1);
}

/** The project's package.json: this version of the tool, and the screenshot packages at the versions it is tested with. */
export function packageJson(choices: InitChoices, tool: { version: string; devDependencies: Record<string, string> }): string {
  const slug =
    choices.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'landing-pages';
  const project = {
    name: `${slug}-landing`,
    private: true,
    version: '0.1.0',
    scripts: {
      start: 'store-landing build && store-landing serve',
      build: 'store-landing build --all',
      dev: 'store-landing dev',
      validate: 'store-landing validate',
      screenshots: 'store-landing screenshots',
    },
    dependencies: { 'store-landing': tool.version },
    // The screenshot packages, the pinned browser among them, at the versions the tool is tested with.
    devDependencies: {
      '@sparticuz/chromium': tool.devDependencies['@sparticuz/chromium'],
      pixelmatch: tool.devDependencies.pixelmatch,
      puppeteer: tool.devDependencies.puppeteer,
    },
  };
  return `${JSON.stringify(project, null, 2)}\n`;
}

/** The config: the app's facts with placeholders to replace, one variant per route, English first. */
export function variantsYaml(choices: InitChoices, today: string): string {
  const variants = choices.routes
    .map((route) => {
      const name = variantName(route);
      return `  - name: ${name}\n    path: ${route}\n    screenshots: [images/screenshots/${name}-1.png]`;
    })
    .join('\n');
  return `# yaml-language-server: $schema=./node_modules/store-landing/generator/config/variants.schema.json
#
# The app's listing facts, page variants, languages and tracking. Its words are in locales/<lang>.json;
# the page's own labels ship with store-landing. Every key: node_modules/store-landing/docs/config.md.
# Replace the placeholders (developer, links, tracking ids, images) with your app's.

locales: [${choices.locales.join(', ')}]
defaultLocale: ${choices.locales[0]}
basePath: /
# The origin the pages are published at (canonical and hreflang links).
siteUrl: https://example.com

app:
  icon: images/icon.png
  developer: Your Company
  copyright: © ${today.slice(0, 4)} Your Company
  rating: 4.8
  ratingCount: 1200
  # Share of ratings with 5, 4, 3, 2 and 1 stars, in per cent.
  ratingHistogram: [82, 10, 4, 2, 2]
  ageRating: 4+
  sizeMB: 48.2
  # A key under categories.* (the tool names the App Store's categories in every language it ships).
  category: lifestyle
  version: "1.0"
  releaseDate: ${today}
  # The oldest iOS it runs on; and macOS with the oldest Apple chip, for an iPhone app that runs on Macs.
  compatibility:
    iOS: "16.0"
    macOS: "14.0"
    macChip: M1
  languages: [${choices.locales.join(', ')}]
  price: free
  currency: USD
  inAppPurchases: []
  links:
    developer: https://example.com/
    terms: https://example.com/terms
    privacy: https://example.com/privacy
  reviewDate: ${today}
  # Their words are reviews.<id>.title and .body in each locale file.
  reviews:
    - { id: r1, author: FirstFan, rating: 5 }
  # The App Privacy cards; their titles and the categories' names ship with the tool.
  privacy:
    - id: notLinked
      icon: images/privacy/not-linked.png
      categories:
        - { id: diagnostics, icon: images/privacy/diagnostics.png }

# One page per variant and language: the variant's screenshots, then the shared ones.
variants:
${variants}
sharedScreenshots: [images/screenshots/shared-1.png]

tracking:
  # Placeholders: put your Meta pixel id, AppsFlyer web app id and OneLink here.
${adNetworkLines()}
  appsflyer:
    webAppId: 00000000-0000-0000-0000-000000000000
    oneLink:
      base: https://example.onelink.me/Ab1c
      default: https://example.onelink.me/Ab1c/install
  deepLink: example://open
  attribution:
    pid: query.utm_source
    af_sub1: cookie._fbc
${choices.appId ? `# The app's App Store id, for store-facts --app-id.\n# appStoreId: ${choices.appId}\n` : ''}
splitTest: {}
payments:
  braintree: { enabled: false, source: cdn, components: [client] }
`;
}

/**
 * A locale file: the app's own words (placeholders in English to translate), and, for a
 * language the tool ships no labels of, the page's English labels to translate too, so the
 * project validates from the start.
 */
export function localeJson(name: string, locale: string, englishLabels: Record<string, unknown>): string {
  const words = {
    meta: { description: `Download ${name} on the App Store.` },
    app: { name, subtitle: 'Your subtitle', description: `What ${name} does, in a few paragraphs.` },
    whatsNew: { notes: '• First release' },
    reviews: { r1: { title: 'Love it', body: `${name} is exactly what I needed.` } },
  };
  const messages = shippedTagFor(locale) === undefined ? mergeDeep(englishLabels, words) : words;
  return `${JSON.stringify(messages, null, 2)}\n`;
}

function mergeDeep(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key];
    merged[key] =
      typeof value === 'object' && value !== null && typeof below === 'object' && below !== null
        ? mergeDeep(below as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return merged;
}

export const GITIGNORE = `node_modules/
out/
.cache/
screenshot-report/
tests/output/
`;

/** Puppeteer drives the system's Chromium (/usr/bin/chromium, or PUPPETEER_EXECUTABLE_PATH) and downloads none. */
export const PUPPETEERRC = `// store-landing screenshots drives the system's Chromium; Puppeteer downloads no browser of its own.
module.exports = { skipDownload: true };
`;

export const BASELINES_README = `# baselines/

The screenshot baselines of this project's pages: one PNG per route and language, and
\`environment.json\`, the browser, platform and fonts they were drawn with.

- \`npx store-landing screenshots --update\` draws them (after an intended change to the page);
  commit the result.
- \`npx store-landing screenshots\` compares every page with its baseline and fails on a difference
  (CI runs it).

Draw and check them in the same environment (the Debian container the workflow uses): fonts differ
between machines. More: node_modules/store-landing/docs/screenshots.md.
`;

/** The CI workflow: validate, build every campaign, check the screenshots in the pinned container, deploy. */
export const WORKFLOW = `# Validates and builds every campaign, checks the screenshots against baselines/ in the Debian container they
# were drawn in, and deploys out/. Fill in the deploy step (node_modules/store-landing/docs/deploy.md).
name: landing-pages

on:
  push:
    branches: [main]
  workflow_dispatch:

env:
  STORE_LANDING_CACHE_DIR: .cache/store-landing

jobs:
  build:
    runs-on: ubuntu-latest
    container: node:24-bookworm-slim
    steps:
      - uses: actions/checkout@v4
      - uses: actions/cache@v4
        with:
          path: .cache/store-landing
          key: images-\${{ hashFiles('images/**', 'package-lock.json') }}
          restore-keys: images-
      - name: Install
        run: npm install --no-audit --no-fund
      - name: System packages
        # Debian's Chromium and the fonts the baselines are drawn with.
        run: node node_modules/store-landing/.ci/system-packages.mjs
      - name: Validate
        run: npx store-landing validate
      - name: Build
        run: npx store-landing build --all -o out
      - name: Check the screenshots
        run: npx store-landing screenshots --site out -o screenshot-report
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: screenshot-report
          path: screenshot-report
      - uses: actions/upload-artifact@v4
        with:
          name: site
          path: out

  deploy:
    needs: build
    runs-on: ubuntu-latest
    steps:
      - uses: actions/download-artifact@v4
        with:
          name: site
          path: out
      - name: Deploy
        # Fill in one host's deploy commands from node_modules/store-landing/docs/deploy.md.
        run: echo "out/ is ready to deploy"
`;

/**
 * The ad networks' ids under `tracking`, from their declarations: the first network (Meta's) with a
 * placeholder id, every other one commented out with an example, to turn on by setting its id.
 */
function adNetworkLines(): string {
  return adNetworkDeclarations()
    .map((network, index) =>
      index === 0
        ? `  ${network.id}: "${'0'.repeat(15)}"`
        : `  # ${network.id}: "${network.config[network.id]!.examples[0]}"  # ${network.label}`,
    )
    .join('\n');
}
