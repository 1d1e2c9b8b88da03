/**
 * Where the real MCP server is: a Streamable HTTP endpoint, or a command the proxy starts and
 * talks to over stdio (newline-delimited JSON-RPC).
 */
export type UpstreamTarget =
  | {
      kind: 'http';
      /** The MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
      url: string;
      /** Headers sent with every request (e.g. the proxy's own `Authorization`). */
      headers?: Record<string, string>;
    }
  | {
      kind: 'stdio';
      /** A shell command line, e.g. `python server.py --stdio`; run through `sh -c`. */
      command: string;
      cwd?: string;
      env?: NodeJS.ProcessEnv;
    };

/** A short description of a target for messages and transcripts (secrets left out). */
export function describeTarget(target: UpstreamTarget): string {
  if (target.kind === 'stdio') return `stdio command '${target.command}'`;
  const url = new URL(target.url);
  url.username = '';
  url.password = '';
  url.search = '';
  return url.toString();
}
