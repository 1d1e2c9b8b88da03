import canonicalize from 'canonicalize';

/** RFC 8785 canonical JSON of `value` (`'null'` for `undefined`): equal forms are equal JSON values, whatever the key order. */
export function canonicalForm(value: unknown): string {
  return canonicalize(value ?? null) ?? 'null';
}

/**
 * A {@link canonicalForm} that keeps the form of each object it was given, for one check over one
 * run: the frames and observations an invariant reads do not change while it reads them, and the
 * same schema object recurs in every listing and exposure that carries it.
 */
export function memoizedCanonicalForm(): (value: unknown) => string {
  const forms = new WeakMap<object, string>();
  return (value) => {
    if (typeof value !== 'object' || value === null) return canonicalForm(value);
    let form = forms.get(value);
    if (form === undefined) {
      form = canonicalForm(value);
      forms.set(value, form);
    }
    return form;
  };
}
