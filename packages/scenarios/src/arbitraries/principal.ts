import fc from 'fast-check';

/** A principal of the fake server and the bearer token that stands for it. */
export interface PrincipalGrant {
  principal: string;
  token: string;
  scopes: string[];
}

const NAMES = ['alice', 'bob', 'carol', 'dave'];

/**
 * `count` distinct principals, each with a token and a subset of `scopes` (who sees which tools
 * when the server filters its list by scope).
 */
export function principals(
  count: number,
  scopes: readonly string[] = ['tools:admin', 'tools:billing'],
): fc.Arbitrary<PrincipalGrant[]> {
  return fc
    .tuple(...NAMES.slice(0, count).map(() => fc.subarray([...scopes])))
    .map((granted) =>
      granted.map((s, i) => ({ principal: NAMES[i]!, token: `${NAMES[i]}-token`, scopes: s })),
    );
}
