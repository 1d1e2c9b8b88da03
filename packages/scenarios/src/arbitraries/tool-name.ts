import fc from 'fast-check';

const WORDS = ['search', 'fetch', 'read', 'write', 'send', 'list', 'create', 'delete', 'update', 'count'];
const NOUNS = ['file', 'issue', 'email', 'doc', 'user', 'event', 'page', 'record', 'ticket', 'note'];

/**
 * A tool name of the kind servers ship (`verb_noun`, sometimes with a suffix), within the spec's
 * SHOULD rules (1-128 of `A-Za-z0-9_-.`). Names drawn from a small vocabulary collide often, which
 * is what exercises rename, remove-then-add and similar-name cases.
 * @see ../shared/spec/mcp-discovery-spec.md §2.3
 */
export function toolName(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...WORDS),
      fc.constantFrom(...NOUNS),
      fc.option(fc.integer({ min: 2, max: 9 }), { nil: undefined }),
    )
    .map(([verb, noun, n]) => `${verb}_${noun}${n === undefined ? '' : `_v${n}`}`);
}
