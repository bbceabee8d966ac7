// Rewrites the README's config reference from the JSON Schema (`npm run docs`); a unit test fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { configReference, REFERENCE_END, REFERENCE_START } from '../generator/config/reference.ts';

const file = new URL('../README.md', import.meta.url);
const readme = readFileSync(file, 'utf8');
const start = readme.indexOf(REFERENCE_START);
const end = readme.indexOf(REFERENCE_END);
if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${REFERENCE_START} ... ${REFERENCE_END}.`);
writeFileSync(file, readme.slice(0, start + REFERENCE_START.length) + '\n' + configReference() + '\n' + readme.slice(end));
console.log('README.md: config reference updated.');
