// The command-protocol loop shared by the TypeScript drivers that run as programs (on their own
// Node binary): writes the hello line, reads one request per line from stdin, answers each with one
// response (UNSUPPORTED_REQUEST for a type the driver does not handle) and exits 0 on shutdown.
// The contract: packages/scenarios/command-protocol.schema.json.
import { createInterface } from 'node:readline';

/** Writes one protocol message (one JSON object per line). */
export const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

/** Reports the complete tool set the host now holds for a server. */
export const reportTools = (serverId, tools) =>
  send({
    type: 'tools',
    serverId,
    tools: tools.map(({ name, description, inputSchema }) => ({
      name,
      ...(typeof description === 'string' ? { description } : {}),
      ...(inputSchema !== undefined ? { inputSchema } : {}),
    })),
  });

/** The text a model sees for an MCP CallToolResult. */
export const textOf = (result) =>
  (result?.content ?? []).map((part) => (part.type === 'text' ? part.text : JSON.stringify(part))).join('\n');

/**
 * Runs the driver: `hello` is its hello message (without type/protocol); `handlers` maps request
 * types to async functions returning the response's result; `shutdown` closes the library.
 */
export function runDriver(hello, handlers, shutdown = async () => {}) {
  send({ type: 'hello', protocol: 1, ...hello });
  let closing = false;
  const end = async () => {
    if (closing) return;
    closing = true;
    await Promise.race([shutdown().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1500))]);
    process.exit(0);
  };
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      let request;
      try {
        request = JSON.parse(line);
      } catch {
        return;
      }
      if (request.type === 'shutdown') return void end();
      const handler = handlers[request.type];
      if (!handler) {
        send({
          type: 'response',
          id: request.id,
          ok: false,
          error: `unsupported request ${request.type}`,
          code: 'UNSUPPORTED_REQUEST',
        });
        return;
      }
      Promise.resolve()
        .then(() => handler(request))
        .then(
          (result) =>
            send({ type: 'response', id: request.id, ok: true, ...(result !== undefined ? { result } : {}) }),
          (error) =>
            send({
              type: 'response',
              id: request.id,
              ok: false,
              error: String(error?.message ?? error).slice(0, 2000),
              ...(error?.phase ? { phase: error.phase } : {}),
            }),
        );
    })
    .on('close', end);
  // A library's stray rejection must not end the host; the runner sees it as a note.
  process.on('unhandledRejection', (error) =>
    send({ type: 'note', text: `unhandled rejection: ${error?.stack ?? error}` }),
  );
}
