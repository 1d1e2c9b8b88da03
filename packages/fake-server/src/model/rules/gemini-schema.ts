import { objectOf } from '../model-turn.js';
import type { RuleFinding } from '../wire/model-wire.js';

/**
 * The fields of Gemini's `Schema` object (the OpenAPI 3.0 subset), in the JSON names the API reads
 * (camelCase, and the proto's snake_case which its JSON parser accepts too).
 * @see https://ai.google.dev/api/caching#Schema
 */
const SCHEMA_FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
  'max_items',
  'min_items',
  'min_properties',
  'max_properties',
  'min_length',
  'max_length',
  'any_of',
  'property_ordering',
]);

/** The values of Gemini's `Type` enum (the API reads them in either case). */
const TYPES = new Set([
  'TYPE_UNSPECIFIED',
  'STRING',
  'NUMBER',
  'INTEGER',
  'BOOLEAN',
  'ARRAY',
  'OBJECT',
  'NULL',
]);

const PAYLOAD = 'Invalid JSON payload received.';

/**
 * How a `parameters` schema breaks Gemini's `Schema` message, the way the API's JSON parser reports
 * it (every problem, `style: payload`): an unknown field ("Unknown name … Cannot find field."), a
 * `type` given as a list ("Proto field is not repeating, cannot start list."), a `type` outside the
 * `Type` enum, a non-string `enum` value; and what its validator reports once the body parses
 * (`proto`, `style: proto`): a `required` name `properties` does not define.
 * @param at the schema's field path, e.g. `tools[0].function_declarations[3].parameters`
 */
export function geminiSchemaFindings(
  schema: unknown,
  at: string,
  tool: { name: string; index: number },
  rules: { subset: string; required: string },
): { payload: RuleFinding[]; proto: RuleFinding[] } {
  const payload: RuleFinding[] = [];
  const proto: RuleFinding[] = [];
  const base = { tool: tool.name, toolIndex: tool.index, category: 'schema' as const };
  const visit = (value: unknown, path: string) => {
    const node = objectOf(value);
    if (!node) return;
    for (const [key, child] of Object.entries(node)) {
      if (!SCHEMA_FIELDS.has(key)) {
        payload.push({
          ...base,
          rule: rules.subset,
          field: path,
          message: `${PAYLOAD} Unknown name "${key}" at '${path}': Cannot find field.`,
          style: 'payload',
        });
        continue;
      }
      if (key === 'type') {
        if (Array.isArray(child))
          payload.push({
            ...base,
            rule: rules.subset,
            field: path,
            message: `${PAYLOAD} Unknown name "type" at '${path}': Proto field is not repeating, cannot start list.`,
            style: 'payload',
          });
        else if (typeof child !== 'string' || !TYPES.has(child.toUpperCase()))
          payload.push({
            ...base,
            rule: rules.subset,
            field: `${path}.type`,
            message: `Invalid value at '${path}.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), ${JSON.stringify(child)}`,
            style: 'payload',
          });
      }
      if (key === 'enum' && Array.isArray(child))
        for (const [i, entry] of child.entries())
          if (typeof entry !== 'string')
            payload.push({
              ...base,
              rule: rules.subset,
              field: `${path}.enum[${i}]`,
              message: `Invalid value at '${path}.enum[${i}]' (TYPE_STRING), ${JSON.stringify(entry)}`,
              style: 'payload',
            });
    }
    const properties = objectOf(node.properties);
    if (properties) {
      for (const [i, child] of Object.values(properties).entries())
        visit(child, `${path}.properties[${i}].value`);
      if (Array.isArray(node.required))
        node.required.forEach((name, i) => {
          if (typeof name !== 'string' || !(name in properties))
            proto.push({
              ...base,
              rule: rules.required,
              field: `${path}.required[${i}]`,
              message: 'property is not defined',
              style: 'proto',
            });
        });
    } else if (Array.isArray(node.required) && node.required.length > 0) {
      for (const i of node.required.keys())
        proto.push({
          ...base,
          rule: rules.required,
          field: `${path}.required[${i}]`,
          message: 'property is not defined',
          style: 'proto',
        });
    }
    if (node.items !== undefined) visit(node.items, `${path}.items`);
    const anyOf = node.anyOf ?? node.any_of;
    if (Array.isArray(anyOf))
      for (const [i, branch] of anyOf.entries()) visit(branch, `${path}.any_of[${i}]`);
  };
  visit(schema, at);
  return { payload, proto };
}
