// Builds on worker threads: the same bytes as the build's own thread, failures reported as there, and a
// worker out of memory costs no campaign.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { bundleRuntime } from '../../../generator/pipeline/bundle/bundle.ts';
import { createBuildContext } from '../../../generator/pipeline/context.ts';
import { selectCampaigns, type CampaignPlan } from '../../../generator/pipeline/plan.ts';
import { fromWireError, toWireError } from '../../../generator/pipeline/workers/worker-protocol.ts';
import {
  campaignsInProcess,
  campaignsInWorkers,
  workerCount,
  type CampaignsInput,
  type IndexedCampaign,
} from '../../../generator/pipeline/workers/workers.ts';
import type { OutputFile } from '../../../generator/pipeline/output/write.ts';
import { loadConfig } from '../../../generator/config/load.ts';
import { messagesFor } from '../../../generator/config/validate.ts';
import { validateSite } from '../../../generator/pipeline/check.ts';
import { RenderFailed, UserError } from '../../../generator/shared/errors.ts';
import { defaultConfigData, runCli, snapshot, temporaryDir } from '../../helpers.ts';

/**
 * Campaigns of every kind: their own listing facts, only other links or weights (sharing the top level's
 * template), their own base path, self-hosted payments.
 */
const CAMPAIGNS = {
  'facts-a': { app: { ratingCount: 1200, developer: 'Other Labs GmbH' } },
  'facts-b': { app: { chartRank: 3 }, siteUrl: 'https://b.example' },
  'links-a': { tracking: { appsflyer: { oneLink: { default: 'https://pictura.onelink.me/Ab1c/a?x=1&y=2' } } } },
  'links-b': { splitTest: { feature1: { fullPrice: 30, discount: 70 } } },
  'own-base': { basePath: '/deep/path/', app: { ratingCount: 999 } },
  'self-hosted': { payments: { braintree: { enabled: true, source: 'self-hosted', components: ['client', 'data-collector'] } } },
};

let work: string;
let config: string;

// Encoded images come from the suite's cache (vitest.config.ts), where the browser tests' build
// and others leave them: on a cold cache of its own, encoding them took this file's first test
// past its timeout on a busy machine.
beforeAll(async () => {
  work = await temporaryDir();
  config = path.join(work, 'variants.yaml');
  await writeFile(config, stringify({ ...defaultConfigData(work), campaigns: CAMPAIGNS }));
});

/** Every file of a build's campaigns, by path, with a hash of its bytes (comparing the bytes themselves deeply takes minutes). */
async function builtFiles(campaigns: AsyncIterable<IndexedCampaign>): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const hash = ({ contents }: OutputFile) => {
    const parts =
      typeof contents === 'string' || !Array.isArray(contents) ? [contents as string | Uint8Array] : (contents as readonly Uint8Array[]);
    return parts.reduce((sha1, part) => sha1.update(part), createHash('sha1')).digest('hex');
  };
  for await (const { built } of campaigns) for (const file of built.files) files.set(file.path, hash(file));
  return files;
}

async function campaignsInput(): Promise<{ plans: CampaignPlan[]; input: CampaignsInput }> {
  const valid = await validateSite(await loadConfig(config));
  const context = createBuildContext(await bundleRuntime(), { configDir: valid.loaded.dir });
  const messages: CampaignsInput['messages'] = (campaign, locale) => messagesFor(valid, campaign, locale);
  return { plans: selectCampaigns(valid.site, { all: true }), input: { messages, dir: valid.loaded.dir, context, all: true } };
}

describe('build --jobs', () => {
  it('writes byte for byte the same site with --jobs 1 and --jobs 2', async () => {
    const one = await runCli(['build', '-c', config, '-o', path.join(work, 'one'), '--all', '--jobs', '1', '--json']);
    const two = await runCli(['build', '-c', config, '-o', path.join(work, 'two'), '--all', '--jobs', '2', '--json']);
    expect([one.code, two.code], one.stderr + two.stderr).toEqual([0, 0]);
    const files = await snapshot(path.join(work, 'one'));
    expect(Object.keys(files).length).toBeGreaterThan(7 * 150);
    expect(await snapshot(path.join(work, 'two'))).toEqual(files);
    // Image counts are left out: the second build finds in the cache what the first encoded.
    const summary = (stdout: string) => {
      const { pages, bytes, campaigns } = JSON.parse(stdout);
      return { pages, bytes, campaigns };
    };
    expect(summary(two.stdout)).toEqual(summary(one.stdout));
  });

  it('refuses a thread count that is not a whole number from 1', async () => {
    const result = await runCli(['build', '-c', config, '-o', path.join(work, 'never'), '--jobs', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('expected a number of threads from 1 to 1024, found "0"');
  });

  it('reports an image that fails to encode as the build in one thread does, and keeps the previous output', async () => {
    const broken = path.join(work, 'broken');
    const project = {
      ...defaultConfigData(broken),
      campaigns: { ...CAMPAIGNS, 'links-b': { sharedScreenshots: ['images/truncated.png'] } },
    };
    await writeFile(path.join(broken, 'variants.yaml'), stringify(project));
    // A PNG cut short: its header reads (validation passes), its pixels do not (encoding fails).
    const png = await sharp({ create: { width: 600, height: 1200, channels: 3, background: '#3478f6' } })
      .png()
      .toBuffer();
    await writeFile(path.join(broken, 'images/truncated.png'), png.subarray(0, Math.floor(png.length * 0.6)));
    const before = await snapshot(path.join(work, 'two'));
    const failures = [];
    for (const jobs of ['1', '2'])
      failures.push(
        await runCli(['build', '-c', path.join(broken, 'variants.yaml'), '-o', path.join(work, 'two'), '--all', '--jobs', jobs]),
      );
    expect(failures.map((failure) => failure.code)).toEqual([1, 1]);
    expect(failures[0]!.stderr).toContain('truncated.png');
    expect(failures[1]!.stderr).toBe(failures[0]!.stderr);
    expect(await snapshot(path.join(work, 'two'))).toEqual(before);
    expect((await readdir(work)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });
});

describe('the workers', () => {
  it('rethrow a failure in a worker as the same error, with the stack where it happened', async () => {
    const { plans, input } = await campaignsInput();
    const missing = { ...input, messages: () => undefined as never };
    const failure = await builtFiles(campaignsInWorkers(plans, 2, missing)).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ name: 'TypeError', message: expect.stringContaining('languageNames') });
    expect((failure as Error).stack).toContain('buildListing');
    const userError = fromWireError(toWireError(RenderFailed.create('index.html (default, en)', 'boom')));
    expect(userError).toBeInstanceOf(UserError);
    expect(userError).toMatchObject({
      name: 'RenderFailed',
      message: RenderFailed.message('index.html (default, en)', 'boom'),
      hint: RenderFailed.hint,
    });
  });

  it("write their pages into the staging folder when given one, and post each page's size, not its bytes", async () => {
    const { plans, input } = await campaignsInput();
    const staging = await temporaryDir();
    const posted = new Map<string, OutputFile['contents']>();
    for await (const { built } of campaignsInWorkers(plans, 2, { ...input, staging: { folder: staging } }))
      for (const file of built.files) posted.set(file.path, file.contents);
    const inProcess = await builtFiles(campaignsInProcess(plans, input));
    const pages = [...posted].filter(([file]) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(7 * 20);
    for (const [file, contents] of pages) {
      expect(contents).toEqual({ written: expect.any(Number) });
      const bytes = await readFile(path.join(staging, file));
      expect(bytes.byteLength).toBe((contents as { written: number }).written);
      expect(createHash('sha1').update(bytes).digest('hex')).toBe(inProcess.get(file));
    }
  });

  it("hand a worker's campaigns to the build's own thread when it runs out of memory, and build the same files", async () => {
    const { plans, input } = await campaignsInput();
    const inProcess = await builtFiles(campaignsInProcess(plans, input));
    // Too small a heap for React itself: each worker dies on its first campaign, or before.
    const starved = await builtFiles(campaignsInWorkers(plans, 2, input, { maxOldGenerationSizeMb: 2 }));
    expect(starved).toEqual(inProcess);
    expect(await builtFiles(campaignsInWorkers(plans, 3, input))).toEqual(inProcess);
  });

  it('are one per core for many distinct pages, none for a small build or one where campaigns share templates', async () => {
    const { plans } = await campaignsInput();
    expect(workerCount(plans)).toBe(1);
    expect(workerCount(plans, 2)).toBe(2);
    expect(workerCount(plans, 64)).toBe(plans.length);
    const distinctPlans = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        ...plans[0]!,
        config: { ...plans[0]!.config, app: { ...plans[0]!.config.app, ratingCount: i } },
      }));
    const pages = plans[0]!.pages.length;
    // 400 distinct pages and more on 16 cores; on two, where the workers share them with the writer, 2,000.
    const some = distinctPlans(Math.ceil(400 / pages));
    const many = distinctPlans(Math.ceil(2000 / pages));
    expect(workerCount(some, undefined, 16)).toBe(Math.min(16, some.length));
    expect(workerCount(some.slice(1), undefined, 16)).toBe(1);
    expect(workerCount(some, undefined, 2)).toBe(1);
    expect(workerCount(many, undefined, 2)).toBe(2);
    expect(workerCount(many.slice(1), undefined, 2)).toBe(1);
    expect(workerCount(many)).toBe(Math.min(availableParallelism(), many.length));
    expect(
      workerCount(
        many.map((plan) => ({ ...plan, config: plans[0]!.config })),
        undefined,
        16,
      ),
    ).toBe(1);
  });
});
