import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
/** A route's answer schema, as Fastify hands it to the serializer compiler. */
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type FastJson = (typeof import('fast-json-stringify'))['default'];
type JsonSchema = Record<string, unknown>;

/**
 * Keywords fast-json-stringify answers by validating with ajv on every answer, and whose
 * meaning differs from zod's: an object with a key its branch does not list fails every
 * branch there, where zod strips the key. A schema that still holds one after `nullable`
 * below keeps the zod path.
 */
const validatingKeywords = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref']);

/**
 * zod writes `.nullable()` of an object as `anyOf: [object, null]`; fast-json-stringify
 * serializes the same thing as a list of types without validating anything.
 */
function nullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullable);
  if (!schema || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema).map(([key, value]) => [key, nullable(value)] as const);
  const out: JsonSchema = Object.fromEntries(entries);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || Object.keys(out).length !== 1) {
    return out;
  }
  const nulls = branches.filter(
    (b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1,
  );
  const [other] = branches.filter((b: JsonSchema) => !nulls.includes(b)) as JsonSchema[];
  if (nulls.length !== 1 || !other || typeof other.type !== 'string') return out;
  return { ...other, type: [other.type, 'null'] };
}

function holdsValidatingKeyword(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  return Object.entries(schema).some(
    ([key, value]) => validatingKeywords.has(key) || holdsValidatingKeyword(value),
  );
}

/**
 * The response schema as fast-json-stringify takes it, or null when it does not convert
 * faithfully: zod refuses what JSON Schema cannot say (transforms, dates, custom checks).
 * zod writes `additionalProperties: false` on every plain object's output, so a field the
 * schema does not list is never written, as zod's stripping promised.
 */
export function outputJsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  let json: unknown;
  try {
    json = nullable(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }));
  } catch {
    return null;
  }
  return holdsValidatingKeyword(json) ? null : (json as JsonSchema);
}

let fastJson: FastJson | undefined;
let importing: Promise<FastJson> | undefined;

/**
 * fast-json-stringify loads ajv with it: about 150 ms of CPU, so it is imported when the
 * first answer is sent, never during start-up. Answers before it arrives take the zod path.
 */
export function loadFastJson(): Promise<FastJson> {
  importing ??= import('fast-json-stringify').then((m) => (fastJson = m.default));
  return importing;
}

/**
 * Fastify's serializer compiler: each route's answer written by a serializer precompiled
 * from its response schema, built on the route's first answer once fast-json-stringify is
 * loaded. zod's check and JSON.stringify cost several times more on every answer, for a
 * check of our own services' output. A schema that does not convert faithfully keeps zod's.
 */
export function responseSerializerCompiler(route: RouteSchema): Serialize {
  const viaZod = zodSerializerCompiler(route);
  let serialize: Serialize | undefined;
  return (data: unknown) => {
    if (serialize) return serialize(data);
    if (!fastJson) {
      // A failed import leaves the zod path answering, as before.
      loadFastJson().catch(() => undefined);
      return viaZod(data);
    }
    const json = outputJsonSchema(route.schema);
    serialize = json ? fastJson(json) : viaZod;
    return serialize(data);
  };
}
