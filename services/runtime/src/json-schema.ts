import { Ajv, type AnySchema, type ErrorObject, type Options } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { AppError } from './errors.js';

/** A client's JSON Schema cannot be used: not a schema, an unsupported draft, a `$ref` that does not resolve. */
export class InvalidJsonSchemaError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('INVALID_ARGUMENT', message, { ...options, expose: true });
  }
}

/** Validates values against one compiled schema. */
export interface JsonSchemaValidator {
  /** The value's violations (`/total: must be number`), at most `MAX_REPORTED_ERRORS`; empty when valid. */
  validate(value: unknown): string[];
}

/** Violations listed per value: enough to correct an answer, short enough to send back to a model. */
export const MAX_REPORTED_ERRORS = 10;

/**
 * Whether a pattern repeats a group that holds a variable-length quantifier (`(a+)+`, `(\w*){2,}`),
 * the shape that makes backtracking exponential. A heuristic (star height above one), on the
 * cautious side (`(\d{1,3},)*` is refused too); alternations of overlapping branches under one
 * quantifier (`(a|aa)*`) are not caught.
 */
export function hasNestedQuantifier(pattern: string): boolean {
  /** Per open group: whether the enclosing level had a repeating quantifier before it opened. */
  const outer: boolean[] = [];
  let repeatedInside = false;
  /** `*`, `+` or a `{n,m}` range at `index`; `exact` counts `{n}` too. */
  const repeatsAt = (index: number, exact: boolean): boolean => {
    const next = pattern[index];
    if (next === '*' || next === '+') return true;
    const range = next === '{' ? /^\{(\d*)(,?)(\d*)\}/.exec(pattern.slice(index)) : null;
    return range !== null && (exact || (range[2] === ',' && range[1] !== range[3]));
  };
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      index++;
    } else if (char === '[') {
      // A character class: its brackets and quantifier characters are literals.
      for (index++; index < pattern.length && pattern[index] !== ']'; index++) if (pattern[index] === '\\') index++;
    } else if (char === '(') {
      outer.push(repeatedInside);
      repeatedInside = false;
    } else if (char === ')') {
      const inner: boolean = repeatedInside;
      if (inner && repeatsAt(index + 1, true)) return true;
      repeatedInside = (outer.pop() ?? false) || inner || repeatsAt(index + 1, false);
    } else if (repeatsAt(index, false)) {
      repeatedInside = true;
    }
  }
  return false;
}

/** ajv's factory of pattern matchers (not exported by name from the package's entry). */
type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

/**
 * Compiles the schema's `pattern`s and `patternProperties`, refusing those that could take
 * exponential time: a client's schema validates a model's answer in the LLM stage's event loop.
 */
const guardedRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    if (hasNestedQuantifier(pattern)) {
      throw new InvalidJsonSchemaError(
        `Invalid schema: pattern '${pattern.slice(0, 100)}' repeats a repeated group, which can take exponential time`,
      );
    }
    return new RegExp(pattern, flags);
  },
  { code: 'guardedRegExp' },
);

/**
 * Unknown keywords (`example`, vendor extensions) and formats are ignored rather than refused:
 * client schemas are written for many validators. `logger: false` keeps ajv off the console.
 */
const OPTIONS: Options = { strict: false, allErrors: true, logger: false, code: { regExp: guardedRegExp } };

type Draft = 'draft-07' | '2019-09' | '2020-12';

/** The draft a schema's `$schema` names; absent means draft-07, the draft most tools write. */
function draftOf(schema: Record<string, unknown>): Draft {
  const declared = schema.$schema;
  if (declared === undefined) return 'draft-07';
  if (typeof declared !== 'string') throw new InvalidJsonSchemaError('Invalid schema: $schema must be a string');
  if (declared.includes('2020-12')) return '2020-12';
  if (declared.includes('2019-09')) return '2019-09';
  if (/draft-0[67]/.test(declared)) return 'draft-07';
  throw new InvalidJsonSchemaError(
    `Invalid schema: $schema '${declared.slice(0, 100)}' is not supported (use draft-07, 2019-09 or 2020-12)`,
  );
}

function createAjv(draft: Draft): Ajv | Ajv2019 | Ajv2020 {
  switch (draft) {
    case 'draft-07':
      return new Ajv(OPTIONS);
    case '2019-09':
      return new Ajv2019(OPTIONS);
    case '2020-12':
      return new Ajv2020(OPTIONS);
  }
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  // `additionalProperties` names the offending property only in its params.
  const extra =
    error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string'
      ? ` '${error.params.additionalProperty}'`
      : '';
  return `${where}: ${error.message ?? error.keyword}${extra}`;
}

/**
 * Compiles a JSON Schema (an object; draft-07 unless `$schema` names 2019-09 or 2020-12) with ajv.
 * Remote `$ref`s are never fetched: one that is not inside the schema fails compilation. Each call
 * has its own ajv instance, so schemas of different tasks never share `$id`s. Throws
 * `InvalidJsonSchemaError` with ajv's reason for anything it cannot compile.
 */
export function compileJsonSchema(schema: unknown): JsonSchemaValidator {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new InvalidJsonSchemaError('Invalid schema: expected a JSON Schema object');
  }
  const record = schema as Record<string, unknown>; // a non-null, non-array object, checked above
  let validate: ReturnType<Ajv['compile']>;
  try {
    validate = createAjv(draftOf(record)).compile(record as AnySchema);
  } catch (error) {
    if (error instanceof InvalidJsonSchemaError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidJsonSchemaError(`Invalid schema: ${reason.slice(0, 300)}`, { cause: error });
  }
  return {
    validate(value) {
      if (validate(value)) return [];
      return (validate.errors ?? []).slice(0, MAX_REPORTED_ERRORS).map(describe);
    },
  };
}
