// What is generated from the config's definition is current: the README's reference and the editors' JSON Schema never drift from what validate accepts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { configReference, REFERENCE_END, REFERENCE_START, SCHEMA_FILE, schemaFileText } from '../../../generator/config/reference.ts';
import { repoRoot } from '../../helpers.ts';

it('README.md carries the current config reference (run `npm run docs` after changing the schema)', () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(REFERENCE_START) + REFERENCE_START.length, readme.indexOf(REFERENCE_END));
  expect(readme).toContain(REFERENCE_START);
  expect(section.trim()).toBe(configReference());
  expect(section).toContain('| `tracking.appsflyer.oneLink.default` |');
});

it(`${SCHEMA_FILE} is the schema generated from generator/config/schema/ (run \`npm run docs\`)`, () => {
  expect(readFileSync(path.join(repoRoot, SCHEMA_FILE), 'utf8')).toBe(schemaFileText());
  // Keys with a default are optional in the file, and the default is documented for editors.
  const schema = JSON.parse(schemaFileText());
  expect(schema.required).not.toContain('basePath');
  expect(schema.properties.basePath.default).toBe('/');
});

it('README.md starts with the two commands', () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
  expect(firstBlock).toContain('npm install && npm start');
  expect(firstBlock).toContain('npm test');
});
