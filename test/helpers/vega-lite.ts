// The Vega-Lite JSON schema shipped in the vega-lite package, compiled once by ajv: what Altair and other
// schema-checking tools would say of a spec.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../node_modules/vega-lite/build/vega-lite-schema.json'), 'utf8'),
) as Record<string, unknown>;
const ajv = new Ajv({ allErrors: false, strict: false, validateFormats: false });
const validate = ajv.compile(schema);

/** What the schema finds wrong with `spec` (path and message, at most five), or [] when it validates. */
export function vegaLiteErrors(spec: unknown): string[] {
  return validate(spec)
    ? []
    : (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
