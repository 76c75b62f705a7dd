import { describe, expect, it } from 'vitest';
import { InvalidJsonSchemaError, MAX_REPORTED_ERRORS, compileJsonSchema, hasNestedQuantifier } from './json-schema.js';

const invoice = {
  type: 'object',
  properties: { number: { type: 'string' }, total: { type: 'number' } },
  required: ['number', 'total'],
  additionalProperties: false,
};

describe('compileJsonSchema', () => {
  it('accepts a matching value and names every violation of another', () => {
    const validator = compileJsonSchema(invoice);
    expect(validator.validate({ number: 'A-1', total: 12.5 })).toEqual([]);
    expect(validator.validate({ total: '12', extra: 1 })).toEqual([
      "(root): must have required property 'number'",
      "(root): must NOT have additional properties 'extra'",
      '/total: must be number',
    ]);
  });

  it('reads the draft from $schema (2020-12 prefixItems) and defaults to draft-07', () => {
    const tuple = compileJsonSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }],
    });
    expect(tuple.validate(['a'])).toEqual([]);
    expect(tuple.validate([1])).toEqual(['/0: must be string']);
    expect(compileJsonSchema({ type: 'string', example: 'vendor keyword', format: 'made-up' }).validate('x')).toEqual(
      [],
    );
  });

  it('refuses what is not a usable schema, with the reason', () => {
    expect(() => compileJsonSchema([])).toThrow(InvalidJsonSchemaError);
    expect(() => compileJsonSchema({ type: 'objekt' })).toThrow(/Invalid schema: .*type/);
    expect(() => compileJsonSchema({ $schema: 'http://json-schema.org/draft-04/schema#' })).toThrow(/not supported/);
    // A remote reference is never fetched.
    expect(() => compileJsonSchema({ $ref: 'http://127.0.0.1:1/schema.json' })).toThrow(/Invalid schema: .*resolve/);
  });

  it('reports at most a bounded number of violations', () => {
    const many = compileJsonSchema({ type: 'array', items: { type: 'string' } });
    expect(many.validate(Array.from({ length: 50 }, (_, index) => index))).toHaveLength(MAX_REPORTED_ERRORS);
  });

  it('refuses patterns that can backtrack exponentially, keeping ordinary ones', () => {
    for (const pattern of ['(a+)+$', '^(\\w*)*x', '((ab)+c?)*', '(a{1,5}){2,}', '(x|y+){3}']) {
      expect(hasNestedQuantifier(pattern), pattern).toBe(true);
    }
    for (const pattern of [
      '^\\d{4}-\\d{2}-\\d{2}$',
      '^[A-Z]{2}(-\\d{3})?$',
      '[(a+)+]',
      '\\(a+\\)+',
      '^(\\d{3}-)*\\d{4}$',
      '(ab)+',
    ]) {
      expect(hasNestedQuantifier(pattern), pattern).toBe(false);
    }
    expect(() => compileJsonSchema({ type: 'string', pattern: '^(a+)+$' })).toThrow(
      /Invalid schema: pattern '\^\(a\+\)\+\$' repeats/,
    );
    expect(() => compileJsonSchema({ type: 'object', patternProperties: { '(a*)*': { type: 'string' } } })).toThrow(
      InvalidJsonSchemaError,
    );
    expect(compileJsonSchema({ type: 'string', pattern: '^\\d{4}$' }).validate('2024')).toEqual([]);
  });
});
