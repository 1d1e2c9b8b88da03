import { AdaptError } from './adapt-error.js';

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', 'dependencies']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_SINGLES = new Set([
  'items',
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);

/**
 * Replaces every local `$ref` (`#/…` pointers and `#anchor`s) with a copy of its target and drops
 * `$defs`/`definitions`, for providers that take no references. A reference that reaches itself
 * (a recursive structure) cannot be inlined and fails (`recursive-ref`); the expanded schema is
 * capped at `maxNodes` schema objects (`inline-too-large`). `$ref` siblings are merged only when
 * they are annotations (`description`, `title`): anything else would need both to apply.
 * @throws {AdaptError}
 */
export function inlineLocalRefs(root: Record<string, unknown>, maxNodes = 5_000): Record<string, unknown> {
  const anchors = collectAnchors(root);
  let nodes = 0;
  const expand = (schema: unknown, pointer: string, active: readonly string[]): unknown => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
    if (++nodes > maxNodes)
      throw new AdaptError('inline-too-large', pointer, `inlining exceeds ${maxNodes} nodes`);
    const node = schema as Record<string, unknown>;
    if (typeof node.$dynamicRef === 'string') {
      throw new AdaptError('dynamic-ref-unsupported', pointer, '$dynamicRef cannot be inlined');
    }
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      if (active.includes(ref)) throw new AdaptError('recursive-ref', pointer, `${ref} refers to itself`);
      const target = resolve(root, ref, anchors);
      if (target === undefined) throw new AdaptError('unresolvable-ref', pointer, `${ref} has no target`);
      const { $ref: _ref, ...siblings } = node;
      const conflicting = Object.keys(siblings).filter((key) => key !== 'description' && key !== 'title');
      if (conflicting.length > 0) {
        throw new AdaptError(
          'ref-siblings-unsupported',
          pointer,
          `$ref with ${conflicting.join(', ')} beside it`,
        );
      }
      const expanded = expand(target, pointer, [...active, ref]);
      return typeof expanded === 'object' && expanded !== null ? { ...expanded, ...siblings } : expanded;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$defs' || key === 'definitions') continue;
      const at = `${pointer}/${key}`;
      if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [name, expand(sub, `${at}/${name}`, active)]),
        );
      } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
        out[key] = value.map((sub, i) => expand(sub, `${at}/${i}`, active));
      } else if (SCHEMA_SINGLES.has(key)) {
        out[key] = Array.isArray(value)
          ? value.map((sub, i) => expand(sub, `${at}/${i}`, active))
          : expand(value, at, active);
      } else out[key] = value; // data and annotations: copied untouched
    }
    return out;
  };
  return expand(root, '', []) as Record<string, unknown>;
}

function collectAnchors(root: Record<string, unknown>): Map<string, unknown> {
  const anchors = new Map<string, unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$anchor === 'string') anchors.set(record.$anchor, record);
    if (typeof record.$id === 'string' && record.$id.startsWith('#'))
      anchors.set(record.$id.slice(1), record);
    for (const [key, value] of Object.entries(record))
      if (key !== 'enum' && key !== 'const') stack.push(value);
  }
  return anchors;
}

function resolve(root: Record<string, unknown>, ref: string, anchors: Map<string, unknown>): unknown {
  if (!ref.startsWith('#')) return undefined;
  const fragment = ref.slice(1);
  if (fragment !== '' && !fragment.startsWith('/')) return anchors.get(fragment);
  let target: unknown = root;
  for (const raw of fragment === '' ? [] : fragment.slice(1).split('/')) {
    const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof target !== 'object' || target === null || !Object.hasOwn(target, token)) return undefined;
    target = (target as Record<string, unknown>)[token];
  }
  return target;
}
