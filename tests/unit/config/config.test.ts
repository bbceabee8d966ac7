// The config's schema and cross-checks: the default file passes, every broken fixture fails with its exact messages.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig, positionOf } from '../../../generator/config/load.ts';
import { checkConfig, configIssues, defaultConfig, expectedMessages, fixtureConfig, runCli, scenarios } from '../../helpers.ts';

describe('config validation', () => {
  it('accepts the default variants.yaml with its campaigns', async () => {
    const { valid, plans } = await checkConfig(defaultConfig);
    expect(valid.campaigns.map((campaign) => campaign.name)).toEqual(['spring-sale', 'kids']);
    expect(plans[0]!.pages).toHaveLength(20);
  });

  it('accepts the small base fixture the scenarios are made from', async () => {
    await expect(checkConfig(fixtureConfig('base'))).resolves.toBeDefined();
  });

  it('has error scenarios to check', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
  });

  // Each scenario's <name>.expected.txt holds every message, in order, with file:line:column.
  it.each(scenarios)('reports every problem of %s exactly', async (scenario) => {
    const issues = await configIssues(path.relative(process.cwd(), fixtureConfig(scenario)));
    expect(issues).toEqual(expectedMessages(scenario));
  });
});

describe('positionOf', () => {
  const loaded = parseConfig('app:\n  rating: 7\n  links:\n    - a\n    - b\n', 'x.yaml');

  it.each([
    [
      ['app', 'rating'],
      [2, 11],
    ],
    [
      ['app', 'links', 1],
      [5, 7],
    ],
    // A missing key points at the nearest parent that exists.
    [
      ['app', 'missing', 'deeper'],
      [2, 3],
    ],
    [[], [1, 1]],
  ])('locates %j at %j', (keyPath, position) => {
    expect(positionOf(loaded, keyPath as Array<string | number>)).toEqual(position);
  });
});

describe('store-landing validate', () => {
  it('prints every problem with its position and exits 1', async () => {
    const result = await runCli(['validate', '-c', 'tests/fixtures/site/wrong-type.yaml']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The config has 1 problem:');
    expect(result.stderr).toContain('tests/fixtures/site/wrong-type.yaml:9:11 app.rating: expected a number, found "high"');
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('says the default config is valid and exits 0', async () => {
    const result = await runCli(['validate', '-c', defaultConfig, '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: true,
      valid: true,
      config: defaultConfig,
      campaigns: ['spring-sale', 'kids'],
      pages: 60,
    });
  });

  it('names a missing config file', async () => {
    const result = await runCli(['validate', '-c', 'nope.yaml']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Cannot read the config file nope.yaml: it does not exist.');
  });

  it('refuses unknown flags with a pointer to --help', async () => {
    const result = await runCli(['build', '--colour']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown option '--colour'");
    expect(result.stderr).toContain('--help');
  });
});
