import { LIST_SPECS } from '../world/list-kind.js';
import { generatedToolName } from '../world/tool-generator.js';
import type { CatalogChange } from './actions/catalog-change.js';
import type { ScriptAction } from './actions/index.js';
import { INITIAL_SNAPSHOT } from './actions/restore-snapshot.js';
import type { ScriptDocument, ScriptStep } from './script-document.js';

/** One thing wrong with a script: where (JSON pointer), which rule, a sentence saying so and the fix. */
export interface ScriptProblem {
  pointer: string;
  /** The schema keyword (`required`, `minimum`, …) or semantic rule (`uniqueStepIds`, `knownTool`, …). */
  rule: string;
  message: string;
  /** The tool a `knownTool` problem names. */
  tool?: string;
}

/**
 * The semantic rules of a script (beyond its JSON Schema), every violation at once: step ids,
 * tool names, resource URIs, template URIs and prompt names unique; every tool, resource, template,
 * prompt, step, principal and snapshot a step or answer names defined; a page mutation reachable;
 * answer fields that apply to their method. Only the parts `sound` accepts (the schema found nothing
 * wrong at, above or below that pointer) are judged; names from any part count as defined, so a
 * mistake in one tool does not make every step naming it "unknown" too.
 * @param doc the script, possibly with schema problems elsewhere.
 * @param schemaPointers the JSON pointers of its schema problems (none: the schema passed).
 */
export function scriptSemanticProblems(
  doc: ScriptDocument,
  schemaPointers: readonly string[] = [],
): ScriptProblem[] {
  const problems: ScriptProblem[] = [];
  const fail = (pointer: string, rule: string, message: string): void => {
    problems.push({ pointer, rule, message: `${pointer} ${message}` });
  };
  const above = (pointer: string, other: string) => other === '/' || pointer.startsWith(`${other}/`);
  /** No schema problem at `pointer` or any part holding it. */
  const intact = (pointer: string) =>
    !schemaPointers.some((other) => other === pointer || above(pointer, other));
  /** Intact, and nothing inside it broken either. */
  const sound = (pointer: string) =>
    intact(pointer) && !schemaPointers.some((other) => above(other, pointer));
  const list = <T>(items: readonly T[] | undefined, at: string): Array<[number, T]> =>
    Array.isArray(items) && intact(at)
      ? [...items.entries()].filter(
          ([index, item]) => sound(`${at}/${index}`) && typeof item === 'object' && item !== null,
        )
      : [];
  const all = <T>(items: readonly T[] | undefined): T[] =>
    Array.isArray(items) ? items.filter((item) => typeof item === 'object' && item !== null) : [];
  const steps = list(doc.steps, '/steps');
  const allSteps: ScriptStep[] = all(doc.steps);
  const stepIds = new Set<string>(allSteps.map((step) => step.id));
  const seenStepIds = new Set<string>();
  // An id is judged even when the rest of its step is broken: it is a plain string of its own.
  const idsOf = Array.isArray(doc.steps) && intact('/steps') ? [...doc.steps.entries()] : [];
  for (const [index, step] of idsOf) {
    if (typeof step?.id !== 'string' || !sound(`/steps/${index}/id`)) continue;
    if (seenStepIds.has(step.id))
      fail(
        `/steps/${index}/id`,
        'uniqueStepIds',
        `'${step.id}' is used by an earlier step. Step ids must be unique.`,
      );
    seenStepIds.add(step.id);
  }
  const known = new Set<string>(all(doc.catalog?.tools).map((tool) => tool.name));
  const seenTools = new Set<string>();
  for (const [index, tool] of list(doc.catalog?.tools, '/catalog/tools')) {
    if (seenTools.has(tool.name)) {
      fail(
        `/catalog/tools/${index}/name`,
        'uniqueToolNames',
        `'${tool.name}' appears twice. Tool names are unique within a catalog.`,
      );
    }
    seenTools.add(tool.name);
  }
  const catalog = doc.catalog ?? {};
  const listKeys = {
    resources: new Set<string>(),
    resourceTemplates: new Set<string>(),
    prompts: new Set<string>(),
  };
  for (const kind of ['resources', 'resourceTemplates', 'prompts'] as const) {
    const { keyField, noun } = LIST_SPECS[kind];
    for (const [index, item] of list<unknown>(catalog[kind], `/catalog/${kind}`)) {
      const key = String((item as Record<string, unknown>)[keyField]);
      if (listKeys[kind].has(key)) {
        fail(
          `/catalog/${kind}/${index}/${keyField}`,
          'uniqueItems',
          `'${key}' appears twice. Each ${noun}'s ${keyField} is unique within its list.`,
        );
      }
      listKeys[kind].add(key);
    }
  }
  for (const [kind, items] of [
    ['resources', catalog.resources],
    ['resourceTemplates', catalog.resourceTemplates],
    ['prompts', catalog.prompts],
  ] as const)
    for (const item of all<unknown>(items))
      listKeys[kind].add(String((item as Record<string, unknown>)[LIST_SPECS[kind].keyField]));
  for (const step of allSteps)
    for (const { kind, key } of fromBroken(() => itemsDefinedBy(step.action))) listKeys[kind].add(key);
  for (const [index, step] of steps) {
    for (const { kind, key, pointer } of itemsReferencedBy(step.action, `/steps/${index}/action`)) {
      if (listKeys[kind].has(key)) continue;
      const { noun, keyField } = LIST_SPECS[kind];
      fail(
        pointer,
        `known${kind === 'resourceTemplates' ? 'ResourceTemplate' : kind === 'resources' ? 'Resource' : 'Prompt'}`,
        `'${key}' is no ${noun} of catalog.${kind} and no step adds one with that ${keyField}. Add it or fix the ${keyField}.`,
      );
    }
    const { trigger, action } = step;
    if (trigger && 'betweenPages' in trigger && action.action === 'mutateBetweenPages') {
      const sameList = (trigger.list ?? 'tools') === (action.list ?? 'tools');
      if (sameList && action.afterPage < trigger.betweenPages) {
        fail(
          `/steps/${index}/action/afterPage`,
          'pageMutationReachable',
          `is ${action.afterPage}, but the step is armed after page ${trigger.betweenPages} was served: page ${action.afterPage} is already past, so the changes would wait for another listing that may never come. Use afterPage ${trigger.betweenPages} (now, before page ${trigger.betweenPages + 1}) or later.`,
        );
      }
    }
  }
  for (const [index, rule] of list(doc.answers, '/answers')) {
    const at = `/answers/${index}`;
    if (rule.tool !== undefined && rule.method !== 'tools/call')
      fail(`${at}/tool`, 'toolNeedsToolsCall', `only applies to method tools/call, not ${rule.method}.`);
    if (rule.holdUntil !== undefined && !stepIds.has(rule.holdUntil)) {
      fail(
        `${at}/holdUntil`,
        'knownStep',
        `'${rule.holdUntil}' is not the id of a step of this script; the answer would never be sent. Name a step, or use unanswered: true.`,
      );
    }
    const structured = (rule.result as Record<string, unknown> | undefined)?.structured;
    if (
      structured !== undefined &&
      (rule.method !== 'tools/call' || !['valid', 'invalid', 'omit'].includes(String(structured)))
    ) {
      fail(
        `${at}/result/structured`,
        'structuredKind',
        rule.method === 'tools/call'
          ? `must be one of "valid", "invalid", "omit" (or give structuredContent as written).`
          : `only applies to tools/call results; other methods' results are sent as written.`,
      );
    }
  }
  const principals = new Set(all(doc.auth?.tokens).map((grant) => grant.principal));
  const localPrincipal = doc.auth?.localPrincipal;
  if (localPrincipal !== undefined && sound('/auth/localPrincipal') && !principals.has(localPrincipal)) {
    fail(
      '/auth/localPrincipal',
      'knownPrincipal',
      `'${localPrincipal}' is not the principal of any token in /auth/tokens.`,
    );
  }
  const snapshots = new Set<string>([INITIAL_SNAPSHOT]);
  for (const step of allSteps) {
    for (const name of fromBroken(() => toolsDefinedBy(step.action))) known.add(name);
    if (step.action?.action === 'saveSnapshot') snapshots.add(step.action.name);
  }
  for (const [index, step] of steps) {
    const at = `/steps/${index}/action`;
    for (const { name, pointer } of toolsReferencedBy(step.action, at)) {
      if (known.has(name)) continue;
      problems.push({
        pointer,
        rule: 'knownTool',
        message: `${pointer} '${name}' is not in the catalog and no step adds it. Add it to catalog.tools or fix the name.`,
        tool: name,
      });
    }
    const action = step.action;
    if (action.action === 'restoreSnapshot') {
      if ((action.name === undefined) === (action.tools === undefined)) {
        fail(at, 'oneOf', 'must hold exactly one of name and tools.');
      }
      if (action.name !== undefined && !snapshots.has(action.name)) {
        fail(
          `${at}/name`,
          'knownSnapshot',
          `'${action.name}' is neither 'initial' nor saved by a saveSnapshot step.`,
        );
      }
    }
  }
  return problems;
}

/** What `read` finds in a part that may break the schema (and so lack what it reads): nothing if it throws. */
function fromBroken<T>(read: () => T[]): T[] {
  try {
    return read();
  } catch {
    return [];
  }
}

/** Tool names an action brings into the catalog. */
function toolsDefinedBy(action: ScriptAction | CatalogChange): string[] {
  switch (action.action) {
    case 'addTool':
      return [action.tool.name];
    case 'insertTools':
      return action.tools.map((tool) => tool.name);
    case 'renameTool':
      return [action.to];
    case 'generateTools': {
      const start = action.startIndex ?? 0;
      return Array.from({ length: action.count }, (_, i) => generatedToolName(start + i, action.prefix));
    }
    case 'restoreSnapshot':
    case 'restartServer':
      return (action.tools ?? []).map((tool) => tool.name);
    case 'mutateBetweenPages':
    case 'changeCatalog':
      return action.changes.flatMap(toolsDefinedBy);
    default:
      return [];
  }
}

/** Tool names an action needs to find in the catalog, with their JSON pointers. */
function toolsReferencedBy(
  action: ScriptAction | CatalogChange,
  at: string,
): Array<{ name: string; pointer: string }> {
  switch (action.action) {
    case 'removeTool':
    case 'changeSchema':
    case 'changeMetadata':
    case 'renameTool':
    case 'setToolScopes':
      return [{ name: action.name, pointer: `${at}/name` }];
    case 'mutateBetweenPages':
    case 'changeCatalog':
      return action.changes.flatMap((change, index) => toolsReferencedBy(change, `${at}/changes/${index}`));
    default:
      return [];
  }
}

type ItemKind = 'resources' | 'resourceTemplates' | 'prompts';

/** Resource URIs, template URIs and prompt names an action brings into their lists. */
function itemsDefinedBy(action: ScriptAction | CatalogChange): Array<{ kind: ItemKind; key: string }> {
  switch (action.action) {
    case 'addResource':
      return [{ kind: 'resources', key: action.resource.uri }];
    case 'addResourceTemplate':
      return [{ kind: 'resourceTemplates', key: action.resourceTemplate.uriTemplate }];
    case 'addPrompt':
      return [{ kind: 'prompts', key: action.prompt.name }];
    case 'mutateBetweenPages':
    case 'changeCatalog':
      return action.changes.flatMap(itemsDefinedBy);
    default:
      return [];
  }
}

/** Resource URIs, template URIs and prompt names an action needs to find, with their JSON pointers. */
function itemsReferencedBy(
  action: ScriptAction | CatalogChange,
  at: string,
): Array<{ kind: ItemKind; key: string; pointer: string }> {
  switch (action.action) {
    case 'removeResource':
    case 'changeResource':
    case 'updateResource':
      return [{ kind: 'resources', key: action.uri, pointer: `${at}/uri` }];
    case 'removeResourceTemplate':
    case 'changeResourceTemplate':
      return [{ kind: 'resourceTemplates', key: action.uriTemplate, pointer: `${at}/uriTemplate` }];
    case 'removePrompt':
    case 'changePrompt':
      return [{ kind: 'prompts', key: action.name, pointer: `${at}/name` }];
    case 'mutateBetweenPages':
    case 'changeCatalog':
      return action.changes.flatMap((change, index) => itemsReferencedBy(change, `${at}/changes/${index}`));
    default:
      return [];
  }
}
