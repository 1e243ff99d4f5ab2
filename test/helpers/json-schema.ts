// A small JSON Schema (2020-12) checker for the keywords src/report/events.schema.json uses: $ref into
// $defs, oneOf, anyOf, type, const, enum, properties, required, additionalProperties: false, items.
// Any other keyword is refused, so a schema that grows past what this checks cannot pass unchecked.

type Schema = { readonly [key: string]: unknown };

const KNOWN = new Set(['$schema', '$defs', '$ref', 'title', 'description', 'oneOf', 'anyOf', 'type', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'items']);

function typeOk(type: string, v: unknown): boolean {
  switch (type) {
    case 'object': return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'array': return Array.isArray(v);
    case 'integer': return Number.isInteger(v);
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'string': return typeof v === 'string';
    case 'boolean': return typeof v === 'boolean';
    default: throw new Error(`json-schema: type ${type} is not checked here`);
  }
}

/** The problems of `value` against `schema` (none: it is valid), each with its path ("$[3].side"). */
export function schemaErrors(schema: Schema, value: unknown, root: Schema = schema, path = '$'): string[] {
  for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`json-schema: keyword ${k} at ${path} is not checked here`);
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = (root.$defs as Record<string, Schema> | undefined)?.[name];
    if (!target) throw new Error(`json-schema: no $defs entry for ${schema.$ref}`);
    return schemaErrors(target, value, root, path);
  }
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const options = (schema.oneOf ?? schema.anyOf) as Schema[];
    const results = options.map((s) => schemaErrors(s, value, root, path));
    const matching = results.filter((r) => r.length === 0).length;
    if (schema.oneOf ? matching === 1 : matching >= 1) return [];
    if (matching > 1) return [`${path}: matches ${matching} of oneOf`];
    // The closest option's problems (fewest), to say what is wrong.
    return results.reduce((a, b) => (b.length < a.length ? b : a));
  }
  const errors: string[] = [];
  if (typeof schema.type === 'string' && !typeOk(schema.type, value)) return [`${path}: expected ${schema.type}, got ${JSON.stringify(value)}`];
  if ('const' in schema && value !== schema.const) return [`${path}: expected ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}`];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return [`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`];
  if (schema.type === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const k of (schema.required ?? []) as string[]) if (!(k in obj)) errors.push(`${path}: missing ${k}`);
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errors.push(...schemaErrors(props[k], v, root, `${path}.${k}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected ${k}`);
    }
  }
  if (schema.type === 'array' && schema.items) {
    (value as unknown[]).forEach((v, i) => errors.push(...schemaErrors(schema.items as Schema, v, root, `${path}[${i}]`)));
  }
  return errors;
}
