import type { ErrorObject } from 'ajv';
import { ACTION_NAMES } from '../client-action.js';

/** One thing wrong with a scenario: where (JSON pointer), which rule, and a sentence saying so. */
export interface ScenarioProblem {
  pointer: string;
  /** The schema keyword (`required`, `pattern`, `enum`, …) or semantic rule (`known-step`, …) that failed. */
  rule: string;
  message: string;
}

/** The branch index of `error` under the `anyOf` at `schemaPath`, if it is inside one. */
function branchOf(error: ErrorObject, schemaPath: string): number | undefined {
  if (!error.schemaPath.startsWith(`${schemaPath}/`)) return undefined;
  return Number(error.schemaPath.slice(schemaPath.length + 1).split('/')[0]);
}

/** True when a branch's errors say the value has another shape altogether (a missing or foreign key at its root). */
function shapeMismatch(errors: readonly ErrorObject[], at: string): boolean {
  return errors.some(
    (error) =>
      error.instancePath === at &&
      (error.keyword === 'required' || error.keyword === 'additionalProperties' || error.keyword === 'type'),
  );
}

/**
 * Replaces each failed union (`anyOf`) by the errors of the branch the value meant: the branch whose
 * shape it has (e.g. `{case: …}` is the `case` form, so a bad case id is reported as a `pattern`
 * error on `/source/0/case`, not as "`/source/0/seed` is required"). When no branch fits the shape,
 * one `anyOf` error stays, listing the forms. Outer unions are resolved first.
 */
function resolveUnions(errors: readonly ErrorObject[]): ErrorObject[] {
  let rest = [...errors];
  for (;;) {
    const union = rest
      .filter((error) => error.keyword === 'anyOf')
      .sort((a, b) => a.schemaPath.length - b.schemaPath.length)[0];
    if (!union) return rest;
    const branches = new Map<number, ErrorObject[]>();
    for (const error of rest) {
      const branch = branchOf(error, union.schemaPath);
      if (branch !== undefined) branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    const fitting = [...branches].filter(([, list]) => !shapeMismatch(list, union.instancePath));
    const inUnion = (error: ErrorObject) =>
      error === union || branchOf(error, union.schemaPath) !== undefined;
    if (fitting.length === 1) {
      const kept = fitting[0]![1];
      rest = rest.filter((error) => !inUnion(error) || kept.includes(error));
    } else {
      // No branch (or several) fits: keep the union error alone, marked as resolved.
      rest = [...rest.filter((error) => !inUnion(error)), { ...union, keyword: 'anyOf-resolved' }];
    }
  }
}

/** The forms a union accepts, as `{seed}, {spec} or {case}`, read from its schema. */
function unionForms(error: ErrorObject): string {
  const branches = (
    error.parentSchema as { anyOf?: Array<{ properties?: object; const?: unknown }> } | undefined
  )?.anyOf;
  if (!branches) return 'one of the allowed forms';
  return branches
    .map((branch) =>
      branch.properties ? `{${Object.keys(branch.properties).join(', ')}}` : JSON.stringify(branch.const),
    )
    .join(', ');
}

function describe(error: ErrorObject): ScenarioProblem {
  const pointer = error.instancePath || '/';
  const rule = error.keyword;
  switch (error.keyword) {
    case 'discriminator': {
      const tag = (error.params as { tagValue?: unknown }).tagValue;
      return {
        pointer: `${error.instancePath}/do`,
        rule,
        message:
          tag === undefined
            ? `${error.instancePath}/do is missing; an action needs one of ${ACTION_NAMES.join(', ')}.`
            : `${error.instancePath}/do '${String(tag)}' is not an action; use one of ${ACTION_NAMES.join(', ')}.`,
      };
    }
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      return {
        pointer: `${error.instancePath}/${extra}`,
        rule,
        message: `${error.instancePath}/${extra} is not allowed here.`,
      };
    }
    case 'required': {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      return {
        pointer: `${error.instancePath}/${missing}`,
        rule,
        message: `${error.instancePath}/${missing} is required.`,
      };
    }
    case 'pattern':
      return {
        pointer,
        rule,
        message: `${pointer} ${JSON.stringify(error.data)} must match ${(error.params as { pattern: string }).pattern}${
          pointer.endsWith('/case')
            ? " (a case id of shared/cases such as 'LC-01 E1'; a scenario of your own may leave its source out)"
            : ''
        }.`,
      };
    case 'anyOf-resolved':
      return { pointer, rule: 'anyOf', message: `${pointer} must be one of ${unionForms(error)}.` };
    default:
      return { pointer, rule, message: `${pointer} ${error.message ?? 'is invalid'}.` };
  }
}

/**
 * The schema errors of a scenario document (ajv with `allErrors`) as problems, one per mistake:
 * unions resolved to the branch the value meant, and duplicates (the same pointer and rule) dropped.
 */
export function schemaProblems(errors: readonly ErrorObject[]): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  for (const error of resolveUnions(errors)) {
    const problem = describe(error);
    if (!problems.some((other) => other.pointer === problem.pointer && other.rule === problem.rule))
      problems.push(problem);
  }
  return problems;
}
