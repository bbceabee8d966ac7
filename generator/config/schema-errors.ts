// Turns ajv's errors into one plain sentence each: the key path, what was expected and what was found.
import type { ErrorObject } from 'ajv';
import { closest } from '../shared/text.ts';
import type { KeyPath } from './load.ts';
import { EXPECTED } from './schema/values.ts';

/** One schema violation, located by key path. */
export interface SchemaProblem {
  keyPath: KeyPath;
  message: string;
  /** Set when the last key itself is wrong (unknown or badly named), so the position is the key's. */
  atKey?: true;
}

/**
 * One problem per failing key, in document order of ajv's report.
 * `oneOf`/`anyOf`/`contains` failures are reported once, not once per branch or item.
 */
export function describeSchemaErrors(errors: ErrorObject[]): SchemaProblem[] {
  // `contains` too: ajv reports each item that is not the one wanted, which says nothing the list's own error does not.
  const alternatives = errors.filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'contains');
  // An alternative whose value has the type of one branch alone (a number where a number or a map fits)
  // is reported as that branch's own errors, which say more ("expected a number <= 100").
  const branchOf = new Map(alternatives.flatMap((alternative) => matchingBranch(alternative, errors)));
  // A text too long is that, whatever else is wrong with it: one message, not a second about its pattern.
  const tooLong = new Set(errors.filter((error) => error.keyword === 'maxLength').map((error) => error.instancePath));
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'pattern' && tooLong.has(error.instancePath)) continue;
    if (branchOf.has(error)) continue;
    const insideAlternative = alternatives.some(
      (alternative) =>
        alternative !== error &&
        error.schemaPath.startsWith(alternative.schemaPath + '/') &&
        !error.schemaPath.startsWith(branchOf.get(alternative) ?? '\0'),
    );
    // A bad key gives an error from the check of the key itself, then a propertyNames one: report it once, as the latter.
    const checksKey = error.propertyName !== undefined && error.keyword !== 'propertyNames';
    if (insideAlternative || checksKey) continue;
    const problem = describe(error, errors);
    const id = JSON.stringify(problem);
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(problem);
  }
  return problems;
}

/**
 * `[alternative, the schema path of its one branch]` when one branch alone has the value's type
 * and its errors are not about a text's shape; else nothing.
 */
function matchingBranch(alternative: ErrorObject, errors: ErrorObject[]): Array<[ErrorObject, string]> {
  if (alternative.keyword === 'contains' || !Array.isArray(alternative.schema)) return [];
  const branches = alternative.schema.map((_, i) => `${alternative.schemaPath}/${i}/`);
  const fitting = branches.filter(
    (branch) =>
      !errors.some(
        (error) =>
          error.instancePath === alternative.instancePath &&
          error.schemaPath.startsWith(branch) &&
          (error.keyword === 'type' || error.keyword === 'const'),
      ),
  );
  if (fitting.length !== 1) return [];
  // A text of the wrong shape is better told by the alternative's own words than by the branch's pattern.
  const inside = errors.filter((error) => error.schemaPath.startsWith(fitting[0]!));
  return inside.some((error) => error.keyword === 'pattern') ? [] : [[alternative, fitting[0]!]];
}

function describe(error: ErrorObject, all: ErrorObject[]): SchemaProblem {
  const keyPath = parsePointer(error.instancePath);
  const found = describeValue(error.data);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { keyPath, message: `missing required key "${params.missingProperty}"` };
    case 'additionalProperties':
      return unknownKey(error, keyPath, String(params.additionalProperty));
    case 'type':
      return { keyPath, message: `expected ${article(String(params.type))}, found ${found}` };
    case 'enum':
      return {
        keyPath,
        message: `expected one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, found ${found}`,
      };
    case 'const':
      return { keyPath, message: `expected ${JSON.stringify(params.allowedValue)}, found ${found}` };
    case 'pattern':
      return { keyPath, message: `expected ${expectationOf(error)}, found ${found}` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { keyPath, message: `expected a number ${params.comparison} ${params.limit}, found ${found}` };
    case 'multipleOf':
      return { keyPath, message: `expected a multiple of ${params.multipleOf}, found ${found}` };
    case 'minItems':
      return { keyPath, message: `expected at least ${params.limit} item${params.limit === 1 ? '' : 's'}, found ${countOf(error.data)}` };
    case 'maxItems':
      return { keyPath, message: `expected at most ${params.limit} items, found ${countOf(error.data)}` };
    case 'minLength':
      return { keyPath, message: `expected a non-empty text, found ${found}` };
    case 'maxLength':
      return { keyPath, message: `expected at most ${params.limit} characters, found ${[...String(error.data)].length}` };
    case 'minProperties':
      return { keyPath, message: `expected at least ${params.limit} key${params.limit === 1 ? '' : 's'}, found none` };
    case 'maxProperties':
      return { keyPath, message: `expected at most ${params.limit} keys, found ${Object.keys(error.data as object).length}` };
    case 'uniqueItems':
      return {
        keyPath: [...keyPath, Number(params.i)],
        message: `duplicate of item ${params.j}: ${describeValue((error.data as unknown[])[Number(params.i)])}`,
      };
    case 'contains':
      return {
        keyPath,
        message: `expected the list to include ${JSON.stringify((error.schema as { const?: unknown })?.const ?? 'a valid item')}, found ${found}`,
      };
    case 'propertyNames':
      return invalidKey(error, all, keyPath, String(params.propertyName));
    case 'oneOf':
    case 'anyOf':
      return { keyPath, message: `expected ${expectationOf(error)}, found ${found}` };
    default:
      return { keyPath, message: `${error.message ?? 'is invalid'}, found ${found}` };
  }
}

/** A key the object does not have, with the nearest one it has. */
function unknownKey(error: ErrorObject, keyPath: KeyPath, key: string): SchemaProblem {
  const known = Object.keys((error.parentSchema as { properties?: object })?.properties ?? {});
  const suggestion = key.length <= 100 ? closest(key, known) : undefined;
  return {
    keyPath: [...keyPath, key],
    atKey: true,
    message: `unknown key ${JSON.stringify(key.length > 60 ? key.slice(0, 57) + '...' : key)}${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; expected one of ${known.join(', ')}`,
  };
}

/** A key of the wrong shape, with what its shape should be (from the error of the key's own check). */
function invalidKey(error: ErrorObject, all: ErrorObject[], keyPath: KeyPath, name: string): SchemaProblem {
  const inners = all.filter(
    (other) => other.propertyName === name && other.keyword !== 'propertyNames' && other.instancePath === error.instancePath,
  );
  // A key too long is that, whatever else is wrong with it (as for values, above).
  const tooLong = inners.find((other) => other.keyword === 'maxLength');
  const inner = inners[0];
  const expected = tooLong
    ? `: expected at most ${(tooLong.params as { limit: number }).limit} characters, found ${[...name].length}`
    : inner
      ? `: expected ${expectationOf(inner)}`
      : '';
  return {
    keyPath: [...keyPath, name],
    atKey: true,
    message: `invalid key ${JSON.stringify(name.length > 60 ? name.slice(0, 57) + '...' : name)}${expected}`,
  };
}

/** The schema's own words for what fits here: its "expected" text (schema/values.ts), else its description, else its pattern. */
function expectationOf(error: ErrorObject): string {
  const parent = error.parentSchema as { [EXPECTED]?: string; description?: string; pattern?: string } | undefined;
  if (parent?.[EXPECTED]) return parent[EXPECTED];
  if (parent?.description) return lowerFirst(parent.description.replace(/\.$/, ''));
  if (parent?.pattern) return `text matching ${parent.pattern}`;
  return 'a valid value';
}

/** `/variants/2/path` -> `['variants', 2, 'path']` (JSON Pointer, RFC 6901). */
export function parsePointer(pointer: string): KeyPath {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : part));
}

/** A short, quoted description of a found value for messages. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const shown = value.length > 60 ? value.slice(0, 57) + '...' : value;
    return JSON.stringify(shown);
  }
  return `${typeof value === 'boolean' ? 'boolean ' : ''}${String(value)}`;
}

function countOf(value: unknown): string {
  return Array.isArray(value) ? String(value.length) : describeValue(value);
}

function article(type: string): string {
  const names: Record<string, string> = { object: 'an object (key: value lines)', array: 'a list', integer: 'a whole number' };
  return names[type] ?? `a ${type}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
