// fast-check arbitraries from the served OpenAPI document: values that follow a schema (enums,
// bounds, nested objects through $ref), mixed with values that break it (wrong types, one past the
// bounds, unknown fields), so the fuzzer tries both what the API documents and what it must refuse.
import fc from 'fast-check';

/** The part of JSON Schema the service's document uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
}

/** An OpenAPI 3.1 document, as far as the fuzzer reads it. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  operationId?: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

/** Values of the wrong shape for any field. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    -1,
    0,
    1.5,
    2 ** 53,
    -(2 ** 31),
    '',
    ' ',
    'null',
    '∞',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '<script>',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Resolves `#/components/schemas/X` references against the document. */
function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name];
    if (!target) throw new Error(`unresolved reference ${current.$ref}`);
    current = target;
  }
  return current;
}

/**
 * An arbitrary of values for `schema`: valid ones most of the time, and at every level sometimes
 * a value just outside it (`breakRate` of the time) so that validation paths are covered too.
 */
export function arbitraryFor(
  document: OpenApiDocument,
  schema: JsonSchema,
  depth = 0,
  breakRate = 0.15,
): fc.Arbitrary<unknown> {
  const valid = validFor(document, resolve(document, schema), depth, breakRate);
  const weightBroken = Math.round(breakRate * 100);
  return fc.oneof(
    { arbitrary: valid, weight: 100 - weightBroken },
    { arbitrary: brokenFor(resolve(document, schema)), weight: weightBroken },
  );
}

function validFor(
  document: OpenApiDocument,
  schema: JsonSchema,
  depth: number,
  breakRate: number,
): fc.Arbitrary<unknown> {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives)
    return fc.oneof(...alternatives.map((alternative) => arbitraryFor(document, alternative, depth + 1, breakRate)));
  if (schema.allOf?.[0]) return arbitraryFor(document, schema.allOf[0], depth + 1, breakRate);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1)
    return fc.oneof(...type.map((one) => validFor(document, { ...schema, type: one }, depth, breakRate)));
  switch (type[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? -(2 ** 31);
      const max = schema.maximum ?? 2 ** 31;
      return fc.oneof(
        fc.constantFrom(min, max),
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
      );
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'string':
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
          .map((date) => date.toISOString());
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 64, 64) });
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(arbitraryFor(document, schema.items ?? {}, depth + 1, breakRate), { maxLength: 3 });
    case 'object':
    case undefined: {
      if (depth > 4 || !schema.properties) {
        if (schema.additionalProperties && typeof schema.additionalProperties === 'object' && depth <= 4) {
          const values = arbitraryFor(document, schema.additionalProperties, depth + 1, breakRate);
          return fc.dictionary(
            fc.constantFrom('Table', 'Text', 'Picture', 'Formula', 'Page', 'Bogus', 'section_header'),
            values,
            { maxKeys: 3 },
          );
        }
        return fc.constant({});
      }
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(schema.properties))
        fields[name] = arbitraryFor(document, property, depth + 1, breakRate);
      return fc.record(fields, { requiredKeys: schema.required ?? [] });
    }
    default:
      return junk;
  }
}

/** Values just outside `schema`: one past a bound, an unknown enum value, the wrong type. */
function brokenFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const near: unknown[] = [];
  if (schema.minimum !== undefined) near.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) near.push(schema.maximum + 1, schema.maximum * 10);
  if (schema.enum) near.push(`${String(schema.enum[0])}x`, String(schema.enum[0]).toLowerCase(), 0);
  return near.length > 0 ? fc.oneof(fc.constantFrom(...near), junk) : junk;
}
