import { describe, expect, it } from 'vitest';
import { assignAliases } from './alias-map.js';
import { anthropicAdapter } from './anthropic-adapter.js';
import { geminiAdapter } from './gemini-adapter.js';
import { openAiStrictAdapter } from './openai-strict-adapter.js';

const OPENAI = /^[a-zA-Z0-9_-]{1,64}$/;

describe('assignAliases', () => {
  it('prefixes the server id and maps back to the identity', () => {
    const aliases = assignAliases(
      [
        { serverId: 'github-work', toolName: 'search' },
        { serverId: 'linear-work', toolName: 'search' },
      ],
      openAiStrictAdapter.nameRule,
    );
    expect([...aliases.keys()]).toEqual(['github-work__search', 'linear-work__search']);
    expect(aliases.get('linear-work__search')).toEqual({ serverId: 'linear-work', toolName: 'search' });
  });

  it('shortens long names deterministically to at most 64 allowed characters (NM-01, NM-02)', () => {
    const server = 'a-twenty-char-server';
    const keys = [40, 50, 64, 128].map((length) => ({ serverId: server, toolName: 't'.repeat(length) }));
    const aliases = assignAliases(keys, openAiStrictAdapter.nameRule);
    expect(aliases.size).toBe(4);
    for (const alias of aliases.keys()) expect(alias).toMatch(OPENAI);
    expect([...assignAliases(keys, openAiStrictAdapter.nameRule).keys()]).toEqual([...aliases.keys()]);
  });

  it('keeps two long names that share a 64-character prefix apart (NM-01 E3)', () => {
    const prefix = 'x'.repeat(70);
    const aliases = assignAliases(
      [
        { serverId: 's', toolName: `${prefix}_one` },
        { serverId: 's', toolName: `${prefix}_two` },
      ],
      anthropicAdapter.nameRule,
    );
    expect(aliases.size).toBe(2);
  });

  it('hashes identities whose sanitized forms collide, and only those', () => {
    const aliases = assignAliases(
      [
        { serverId: 's', toolName: 'a.b' },
        { serverId: 's', toolName: 'a_b' },
        { serverId: 's', toolName: 'plain' },
      ],
      openAiStrictAdapter.nameRule,
    );
    const names = [...aliases.keys()];
    expect(names).toHaveLength(3);
    expect(names[2]).toBe('s__plain');
    expect(names[0]).toMatch(/^s__a_b_[0-9a-f]{8}$/);
  });

  it('respects a provider’s first-character rule', () => {
    const aliases = assignAliases([{ serverId: '42', toolName: 'x' }], geminiAdapter.nameRule);
    expect([...aliases.keys()]).toEqual(['_42__x']);
  });
});
