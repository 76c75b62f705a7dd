import { describe, expect, it } from 'vitest';
import { InvalidJsonSchemaError, MAX_REPORTED_ERRORS, compileJsonSchema } from './json-schema.js';

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
});
