/**
 * The discovery failures of `shared/cases/discovery-cases.md` (real client bugs), by case id, with
 * their provenance. Every case must be covered by at least one scenario whose id contains the case
 * id; `catalog.test.ts` checks that, and that this list matches the cases file when it is present.
 */
export const DISCOVERY_CASES: Readonly<Record<string, { title: string; url: string }>> = {
  'LC-01': {
    title: 'No handler for tools list_changed',
    url: 'https://github.com/anthropics/claude-code/issues/13646',
  },
  'LC-02': {
    title: 'Notification on the Streamable HTTP GET stream ignored',
    url: 'https://github.com/anthropics/claude-code/issues/78208',
  },
  'LC-04': {
    title: 'Startup race: tools registered just after init',
    url: 'https://github.com/anthropics/claude-code/issues/24195',
  },
  'LC-06': {
    title: 'New tools visible in UI but not to the running agent loop',
    url: 'https://github.com/microsoft/vscode/issues/254684',
  },
  'LC-07': {
    title: 'Notification ignored and manual re-list impossible',
    url: 'https://github.com/modelcontextprotocol/inspector/issues/1292',
  },
  'LC-08': {
    title: 'SDK client drops all list_changed notifications',
    url: 'https://github.com/modelcontextprotocol/python-sdk/issues/2107',
  },
  'LC-10': {
    title: 'on_tool_list_changed left as a no-op',
    url: 'https://github.com/aaif-goose/goose/issues/10433',
  },
  'LC-11': {
    title: 'No re-list on list_changed; refresh must replace, not merge',
    url: 'https://github.com/danny-avila/LibreChat/issues/7117',
  },
  'PG-01': { title: 'nextCursor ignored', url: 'https://github.com/anthropics/claude-code/issues/24785' },
  'PG-02': {
    title: 'Convenience method reads a single page',
    url: 'https://github.com/vercel/ai/issues/19240',
  },
  'PG-03': {
    title: 'Only the first page discovered',
    url: 'https://github.com/open-webui/open-webui/issues/29879',
  },
  'PG-05': {
    title: 'Empty-string nextCursor makes a client page forever',
    url: 'https://github.com/ChesterRa/cccc/pull/50',
  },
  'NM-01': {
    title: 'Prefixed names pushed past 64 characters',
    url: 'https://github.com/microsoft/vscode/issues/243602',
  },
  'NM-02': {
    title: '<tool>_mcp_<server> exceeds the limit',
    url: 'https://github.com/danny-avila/LibreChat/issues/7435',
  },
  'NM-04': {
    title: 'Same-named tools across servers: last loaded silently wins',
    url: 'https://github.com/langchain-ai/langchain-mcp-adapters/issues/605',
  },
  'SC-01': {
    title: '$defs/$ref schemas skipped or rejected',
    url: 'https://github.com/google-gemini/gemini-cli/issues/13326',
  },
  'SC-03': {
    title: 'Array property without items',
    url: 'https://github.com/microsoft/vscode/issues/246119',
  },
  'SC-04': {
    title: 'required names an undefined property',
    url: 'https://github.com/anomalyco/opencode/issues/3140',
  },
  'SC-06': {
    title: 'Stale input schema after restart and list_changed',
    url: 'https://github.com/openai/codex/issues/19155',
  },
  'RC-01': {
    title: 'HTTP 404 on a session treated as terminal',
    url: 'https://github.com/modelcontextprotocol/python-sdk/issues/3556',
  },
  'RC-02': {
    title: 'Stale session id reused after 404',
    url: 'https://github.com/modelcontextprotocol/rust-sdk/issues/733',
  },
  'RC-03': {
    title: 'SSE stream not re-established without event ids',
    url: 'https://github.com/modelcontextprotocol/typescript-sdk/issues/731',
  },
  'RC-05': {
    title: 'Pre-restart tool list kept after reconnect',
    url: 'https://github.com/docker/docker-agent/issues/2244',
  },
  'AU-01': {
    title: '403 insufficient_scope step-up does not re-authorize',
    url: 'https://github.com/anthropics/claude-code/issues/44652',
  },
  'AU-02': {
    title: 'Expired token: refresh no-ops and status says Connected',
    url: 'https://github.com/anthropics/claude-code/issues/81020',
  },
  'AU-04': {
    title: 'Tools unlocked by OAuth never appear',
    url: 'https://github.com/earendil-works/pi/issues/9480',
  },
  'RM-01': {
    title: 'Tool added mid-turn unknown in the same turn',
    url: 'https://github.com/anthropics/claude-code/issues/31893',
  },
  'RM-03': {
    title: 'Call to a never-listed tool forwarded to the server',
    url: 'https://github.com/RooCodeInc/Roo-Code/issues/7631',
  },
  'RM-04': {
    title: '"Tool not found" orphans the tool call and bricks the session',
    url: 'https://github.com/github/copilot-cli/issues/312',
  },
  'LG-01': {
    title: 'Tool definitions eat half the context window',
    url: 'https://github.com/anthropics/claude-code/issues/13717',
  },
  'LG-02': {
    title: 'Hard error above 128 tools',
    url: 'https://github.com/microsoft/vscode-copilot-release/issues/11653',
  },
};

/** The twelve fixtures seed 000 says a discovery client test suite needs. */
export const SEED_000_FIXTURES = [
  'empty list',
  'one valid tool',
  'same name on two servers',
  'invalid schema',
  'schema changes between refreshes',
  'tool removed',
  'very large tool list',
  'auth-dependent list',
  'expired cache',
  'list_changed notification',
  'subscription disconnect',
  'provider cannot represent schema',
] as const;
