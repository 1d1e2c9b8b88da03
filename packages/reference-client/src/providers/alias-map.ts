import { createHash } from 'node:crypto';
import { type ToolKey, toolKeyString } from '../registry/tool-key.js';
import type { NameRule } from './provider-adapter.js';

/** The separator between the server id and the tool name in an alias (`github_work__search`). */
export const ALIAS_SEPARATOR = '__';

/**
 * Model-facing names for a set of tool identities under a provider's name rule: `<serverId>__<tool>`
 * with disallowed characters replaced by `_`. An alias that is too long, or that two identities
 * would share, gets a deterministic ending instead: a prefix and `_` plus 8+ hex digits of
 * SHA-256 of the identity. Aliases are unique within the set and depend only on the identity and
 * on which other identities collide with it. Returns alias → identity.
 */
export function assignAliases(keys: readonly ToolKey[], rule: NameRule): Map<string, ToolKey> {
  const base = new Map<string, string>();
  const byBase = new Map<string, ToolKey[]>();
  for (const key of keys) {
    const alias = sanitize(`${key.serverId}${ALIAS_SEPARATOR}${key.toolName}`, rule);
    base.set(toolKeyString(key), alias);
    byBase.set(alias, [...(byBase.get(alias) ?? []), key]);
  }
  for (let digits = 8; digits <= 48; digits += 8) {
    const result = new Map<string, ToolKey>();
    let clash = false;
    for (const key of keys) {
      const plain = base.get(toolKeyString(key))!;
      const hashed = plain.length > rule.maxLength || (byBase.get(plain)?.length ?? 0) > 1;
      const alias = hashed ? withHash(plain, key, digits, rule) : plain;
      if (result.has(alias)) clash = true;
      result.set(alias, key);
    }
    if (!clash) return result;
  }
  throw new Error('alias assignment did not converge'); // needs a SHA-256 collision
}

function sanitize(text: string, rule: NameRule): string {
  let out = '';
  for (const char of text) out += rule.allowed.test(char) ? char : '_';
  if (out === '' || !rule.first.test(out[0]!)) out = `_${out}`;
  return out;
}

function withHash(plain: string, key: ToolKey, digits: number, rule: NameRule): string {
  const hash = createHash('sha256').update(toolKeyString(key)).digest('hex').slice(0, digits);
  return `${plain.slice(0, Math.max(1, rule.maxLength - digits - 1))}_${hash}`;
}
