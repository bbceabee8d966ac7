// The arrows between the source folders run one way (docs/architecture.md): validation knows nothing of the
// pipeline, the page's code nothing of Node or of the generator, the build nothing of the browser runtime,
// and dev learns what to watch from the build, never by validating again.
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers.ts';

/**
 * Each area of the source (a folder of generator/ or of page/, named `page/<folder>`) and the
 * other areas it may import from. The build reads the page's contract, renders its view and runs
 * its edge code, but never imports the browser runtime.
 */
const MAY_IMPORT: Record<string, string[]> = {
  'page/ad-networks': [],
  'page/contract': ['page/ad-networks'],
  'page/edge': [],
  'page/view': ['page/contract'],
  'page/runtime': ['page/ad-networks', 'page/contract', 'page/edge'],
  shared: [],
  config: ['shared', 'page/ad-networks', 'page/contract', 'page/edge'],
  hosts: ['shared', 'page/edge'],
  pipeline: ['config', 'hosts', 'shared', 'page/ad-networks', 'page/contract', 'page/edge', 'page/view'],
  merge: ['pipeline', 'config', 'hosts', 'shared'],
  serve: ['hosts', 'shared', 'page/edge'],
  screenshots: ['serve', 'pipeline', 'config', 'hosts', 'shared'],
  dev: ['serve', 'pipeline', 'config', 'hosts', 'shared'],
  init: ['config', 'shared', 'page/ad-networks'],
  'store-facts': ['config', 'shared'],
  cli: ['init', 'dev', 'screenshots', 'serve', 'merge', 'store-facts', 'pipeline', 'config', 'hosts', 'shared'],
};

/** The modules dev must not import: it watches what the build reports it read. */
const VALIDATION = ['generator/config/validate.ts', 'generator/pipeline/check.ts'];

/** The ad networks' registry imports every network: none of their folder's modules may import it back. */
const AD_NETWORK_REGISTRY = 'page/ad-networks/index.ts';
/** The shape every network fills in, which they all import: it imports nothing of the project. */
const AD_NETWORK_CONTRACT = 'page/ad-networks/contract.ts';

/** Node's own modules, with and without `node:`: the page's code runs in browsers and at the edge, where none exists. */
const NODE_MODULES = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

const areaOf = (file: string) => {
  const [top, folder] = file.split('/');
  return top === 'page' ? `page/${folder}` : folder!;
};

/** Every import of a module (static, dynamic and type-only), relative ones as paths from the repository's root. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport\(?)\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!);
  return specifiers.map((specifier) =>
    specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : specifier,
  );
}

/** The imports of `file` that break the rules above, as "from -> to". */
function wrongArrows(file: string, text: string): string[] {
  const area = areaOf(file);
  return importsOf(file, text)
    .filter((target) => {
      if (NODE_MODULES.has(target)) return area.startsWith('page/');
      if (!target.startsWith('generator/') && !target.startsWith('page/')) return false;
      const to = areaOf(target);
      if (to !== area && !MAY_IMPORT[area]!.includes(to)) return true;
      if (file === AD_NETWORK_CONTRACT || (area === 'page/ad-networks' && target === AD_NETWORK_REGISTRY)) return true;
      return area === 'dev' && VALIDATION.includes(target);
    })
    .map((target) => `${file} -> ${target}`);
}

/**
 * Inside the pipeline, a folder and the folders it never imports: the render stage takes typed
 * input (its own, the plan's, the bundle's) and knows nothing of the campaign step that runs it:
 * campaign/ assembles, renders and lays out files, importing render/, never the other way.
 */
const PIPELINE_NEVER_IMPORTS: Record<string, string[]> = {
  'generator/pipeline/render': ['generator/pipeline/campaign'],
};

/** The imports of `file` that point back up the pipeline (PIPELINE_NEVER_IMPORTS), as "from -> to". */
function backwardStageArrows(file: string, text: string): string[] {
  const forbidden = Object.entries(PIPELINE_NEVER_IMPORTS).flatMap(([folder, above]) => (file.startsWith(`${folder}/`) ? above : []));
  return importsOf(file, text)
    .filter((target) => forbidden.some((folder) => target.startsWith(`${folder}/`)))
    .map((target) => `${file} -> ${target}`);
}

const sources = ['generator', 'page'].flatMap((dir) =>
  readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/'))),
);

describe('the source folders', () => {
  it('import only from the areas below them', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(Object.keys(MAY_IMPORT).sort()).toEqual([...new Set(sources.map(areaOf))].sort());
    const wrong = sources.flatMap((file) => wrongArrows(file, readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(wrong).toEqual([]);
  });

  it('would report validation reaching into the pipeline, and dev validating on its own', () => {
    expect(wrongArrows('generator/config/validate.ts', "import { planSite } from '../pipeline/plan.ts';")).toEqual([
      'generator/config/validate.ts -> generator/pipeline/plan.ts',
    ]);
    expect(wrongArrows('generator/dev/watch-plan.ts', "const { checkConfig } = await import('../config/validate.ts');")).toEqual([
      'generator/dev/watch-plan.ts -> generator/config/validate.ts',
    ]);
  });

  it("would report the page's code importing Node or the generator, and the build importing the runtime", () => {
    expect(wrongArrows('page/view/app.tsx', "import type { Config } from '../../generator/config/types.ts';")).toEqual([
      'page/view/app.tsx -> generator/config/types.ts',
    ]);
    expect(wrongArrows('page/runtime/cookies.ts', "import { readFile } from 'node:fs/promises';\nimport path from 'path';")).toEqual([
      'page/runtime/cookies.ts -> node:fs/promises',
      'page/runtime/cookies.ts -> path',
    ]);
    expect(wrongArrows('page/contract/props.ts', "import type { Attribution } from '../runtime/attribution.ts';")).toEqual([
      'page/contract/props.ts -> page/runtime/attribution.ts',
    ]);
    expect(wrongArrows('generator/config/tracking-checks.ts', "import { CLICK_IDS } from '../../page/runtime/click-ids.ts';")).toEqual([
      'generator/config/tracking-checks.ts -> page/runtime/click-ids.ts',
    ]);
    expect(wrongArrows('generator/pipeline/render/body.ts', "import { render } from '../../../page/view/entry-server.tsx';")).toEqual([]);
  });

  it('keep the stages of a campaign pointing one way: campaign/ imports render/, never render/ campaign/', () => {
    const pipeline = sources.filter((file) => file.startsWith('generator/pipeline/'));
    expect(pipeline.filter((file) => file.startsWith('generator/pipeline/render/')).length).toBeGreaterThan(3);
    const backward = pipeline.flatMap((file) => backwardStageArrows(file, readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(backward).toEqual([]);
  });

  it('would report the render stage importing the campaign step', () => {
    expect(
      backwardStageArrows('generator/pipeline/render/index.ts', "import type { CampaignContext } from '../campaign/context.ts';"),
    ).toEqual(['generator/pipeline/render/index.ts -> generator/pipeline/campaign/context.ts']);
    expect(
      backwardStageArrows('generator/pipeline/render/context.ts', "const { assembleCampaign } = await import('../campaign/assemble.ts');"),
    ).toEqual(['generator/pipeline/render/context.ts -> generator/pipeline/campaign/assemble.ts']);
    expect(backwardStageArrows('generator/pipeline/campaign/index.ts', "import { renderCampaign } from '../render/index.ts';")).toEqual([]);
  });

  it('would report an ad network importing the registry or the page, and their contract importing a network', () => {
    expect(wrongArrows('page/ad-networks/tiktok-pixel.ts', "import { AD_NETWORKS } from './index.ts';")).toEqual([
      'page/ad-networks/tiktok-pixel.ts -> page/ad-networks/index.ts',
    ]);
    expect(wrongArrows('page/ad-networks/meta.ts', "import type { TrackingSettings } from '../contract/runtime-config.ts';")).toEqual([
      'page/ad-networks/meta.ts -> page/contract/runtime-config.ts',
    ]);
    expect(wrongArrows('page/ad-networks/contract.ts', "import type { PixelWindow } from './meta-pixel.ts';")).toEqual([
      'page/ad-networks/contract.ts -> page/ad-networks/meta-pixel.ts',
    ]);
    expect(wrongArrows('page/ad-networks/index.ts', "import { meta, metaBuildFacts } from './meta.ts';")).toEqual([]);
    expect(
      wrongArrows('generator/pipeline/policy/csp.ts', "import { adNetworkDeclarations } from '../../../page/ad-networks/index.ts';"),
    ).toEqual([]);
  });
});
