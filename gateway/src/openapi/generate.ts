import { z } from 'zod';
import { absentIfNull } from '../configuration/schema.js';

/*
 * OpenAPI schemas from the zod schemas the gateway validates with (zod 4's own JSON Schema output,
 * draft 2020-12, the dialect of OpenAPI 3.1). A zod schema given `.meta({ id })` is a component:
 * every use of it becomes a `$ref` to `#/components/schemas/<id>`. Requests are described as they
 * are sent (`io: 'input'`): a field that reads `null` as "not given" documents null, and a query
 * value documents the text form it is parsed from.
 */

/** A JSON Schema (OpenAPI 3.1 dialect) or any other object of the document. */
export type Schema = Record<string, unknown>;

/** Where components live in the document. */
const COMPONENTS = '#/components/schemas/';

/**
 * The metadata keys the generator reads besides JSON Schema keywords (which zod copies as given):
 * `openapi` replaces what zod would write, for a value read by a custom transform, which zod
 * cannot see into (a tokenizer given as a string or an object, a query boolean).
 */
interface OpenApiMeta {
  openapi?: Schema;
  description?: string;
  default?: unknown;
}

/** Whether `schema` is `z.preprocess(absentIfNull, ...)`: a field that accepts null as "not given". */
function readsNullAsAbsent(schema: z.core.$ZodType): boolean {
  // zod's internal definition: a pipe has `in`, a transform its function (zod 4.6 core types).
  const def = schema._zod.def as { type: string; in?: z.core.$ZodType };
  if (def.type !== 'pipe' || def.in === undefined) return false;
  const inner = def.in._zod.def as { type: string; transform?: unknown };
  return inner.type === 'transform' && inner.transform === absentIfNull;
}

function override(ctx: { zodSchema: z.core.$ZodType; jsonSchema: Schema }): void {
  // Metadata as our `.meta()` calls wrote it; the registry types it as an open record.
  const meta = z.globalRegistry.get(ctx.zodSchema) as OpenApiMeta | undefined;
  const json = ctx.jsonSchema;
  if (meta?.openapi) {
    for (const key of Object.keys(json)) delete json[key];
    Object.assign(json, meta.description === undefined ? {} : { description: meta.description }, meta.openapi);
  }
  delete json.openapi;
  // zod drops a default from a transforming schema's input side; a documented one is put back.
  if (meta && 'default' in meta) json.default = meta.default;
  if (readsNullAsAbsent(ctx.zodSchema) && json.type !== 'null') {
    const { description, default: fallback, deprecated, ...rest } = json;
    for (const key of Object.keys(json)) delete json[key];
    Object.assign(json, {
      ...(description === undefined ? {} : { description }),
      ...(deprecated === undefined ? {} : { deprecated }),
      anyOf: [rest, { type: 'null' }],
      ...(fallback === undefined ? {} : { default: fallback }),
    });
  }
}

const OPTIONS = { io: 'input', unrepresentable: 'any', override } as const;

/** Rewrites zod's local `#/$defs/<id>` references to the document's components. */
function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '$schema' && key !== '$defs' && key !== '$id')
      .map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' ? inner.replace('#/$defs/', COMPONENTS) : pointAtComponents(inner),
      ]),
  );
}

/** The OpenAPI schema of `schema`, its components referenced (not inlined). */
export function openApiSchema(schema: z.core.$ZodType): Schema {
  return pointAtComponents(z.toJSONSchema(schema, OPTIONS)) as Schema;
}

/** Every component: each zod schema registered with an `id`. */
export function componentSchemas(): Record<string, Schema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { ...OPTIONS, uri: (id) => `${COMPONENTS}${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, pointAtComponents(schema) as Schema]));
}

/** The `$ref` of a component. */
export const ref = (id: string): Schema => ({ $ref: `${COMPONENTS}${id}` });

/**
 * The query parameters of a route from the zod object it parses `ctx.query` with: one per field,
 * optional when the field is, each with the field's description.
 */
export function queryParameters(query: z.ZodObject): Schema[] {
  return Object.entries(query.shape).map(([name, field]) => {
    const { description, ...schema } = openApiSchema(field as z.core.$ZodType);
    const required = (field as z.ZodType).safeParse(undefined).success === false;
    return { name, in: 'query', required, schema, ...(description === undefined ? {} : { description }) };
  });
}
