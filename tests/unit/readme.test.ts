// The README's config reference is the one generated from the schema, so it never drifts from what validate accepts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { configReference, REFERENCE_END, REFERENCE_START } from '../../generator/config/reference.ts';
import { repoRoot } from '../helpers.ts';

it('README.md carries the current config reference (run `npm run docs` after changing the schema)', () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(REFERENCE_START) + REFERENCE_START.length, readme.indexOf(REFERENCE_END));
  expect(section.trim()).toBe(configReference());
  expect(section).toContain('| `tracking.appsflyer.oneLink.default` |');
});

it('README.md starts with the two commands', () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
  expect(firstBlock).toContain('npm install && npm start');
  expect(firstBlock).toContain('npm test');
});
