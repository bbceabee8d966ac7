// `npm run docs`: rewrites what is generated from the config's definition: the README's reference and variants.schema.json. Unit tests fail when either is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { configReference, REFERENCE_END, REFERENCE_START, SCHEMA_FILE, schemaFileText } from '../generator/config/reference.ts';

const root = new URL('../', import.meta.url);
const readmeFile = new URL('README.md', root);
const readme = readFileSync(readmeFile, 'utf8');
const start = readme.indexOf('<!-- config-reference:start');
const end = readme.indexOf(REFERENCE_END);
if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${REFERENCE_START} ... ${REFERENCE_END}.`);
writeFileSync(readmeFile, readme.slice(0, start) + REFERENCE_START + '\n' + configReference() + '\n' + readme.slice(end));
writeFileSync(new URL(SCHEMA_FILE, root), schemaFileText());
console.log(`README.md (config reference) and ${SCHEMA_FILE} updated.`);
