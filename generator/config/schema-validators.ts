// ajv's validators of the config's input schema: the whole file and a campaign's overrides. Compiled at load
// when run from source; the compiled CLI ships them precompiled (bin/compile.js).
import { Ajv, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { fileSchema, inputSchema, overrideSchema } from './schema/index.ts';
import { EXPECTED } from './schema/values.ts';

/**
 * The input schema (what is written in the YAML) is what ajv checks; defaults are applied after
 * the merge. With `source`, ajv keeps each function's code, which standaloneSource needs.
 */
function compileValidators(source: boolean) {
  // multipleOfPrecision: 4.1 is a multiple of 0.1, though 4.1 / 0.1 is 40.99999999999999 in floating point.
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, multipleOfPrecision: 9, code: { source, esm: true } });
  ajv.addKeyword({ keyword: EXPECTED, schemaType: 'string' });
  ajv.addSchema(inputSchema(fileSchema), 'file');
  ajv.addSchema(overrideSchema(inputSchema(fileSchema)), 'override');
  return { ajv, validateFile: ajv.getSchema('file')!, validateOverride: ajv.getSchema('override')! };
}

const compiled = compileValidators(false);
/** Checks a whole config file. */
export const validateFile: ValidateFunction = compiled.validateFile;
/** Checks one entry of `campaigns` (what it may override, none of it required). */
export const validateOverride: ValidateFunction = compiled.validateOverride;

/**
 * This module's exports as ajv's standalone code (an ES module): bin/compile.js bundles it in
 * this module's place, so the CLI does not compile the schema at every start.
 * @public (imported by bin/compile.js from the bundled module, which knip does not follow)
 */
export function standaloneSource(): string {
  const { ajv } = compileValidators(true);
  return standaloneCode(ajv, { validateFile: 'file', validateOverride: 'override' });
}
