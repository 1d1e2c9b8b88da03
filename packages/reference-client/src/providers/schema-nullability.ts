/** Whether a (rewritten or original) schema object admits `null`. */
export function allowsNull(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return schema === true;
  const node = schema as Record<string, unknown>;
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'))) return true;
  if (node.nullable === true) return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  if ('const' in node && node.const === null) return true;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches) && branches.some(allowsNull)) return true;
  }
  return false;
}
