import { CorpusHost } from './corpus-host.js';
import { unusual } from './unusual-factory.js';

/** Answers a name the model made up with a structured error listing every tool it may call, described. */
class ListingUnknownHost extends CorpusHost {
  protected override unknownToolText(
    name: string,
    offered: ReadonlyArray<[string, { description?: string }]>,
  ): string {
    return JSON.stringify({
      error: 'unknown_tool',
      requested: name,
      message: 'No tool has that name. Pick one of these (exact name):',
      tools: offered.map(([alias, tool]) => ({ name: alias, description: tool.description ?? '' })),
    });
  }
}

export const listsValidToolsOnUnknown = unusual(
  {
    name: 'lists-valid-tools-on-unknown',
    behaviour:
      'Answers a call to a name the model was not offered with an error result (JSON) listing every tool it may call, with descriptions; nothing reaches a server',
    whyCorrect:
      'case RM-03 E2 (the model must be able to correct itself); spec tools §errors (unknown tool is an error the model sees)',
  },
  () => new ListingUnknownHost(),
);
