/** Why a difference between the fake server and an official server is kept, and the spec text allowing it. */
export interface Settlement {
  /** Anchor in docs/parity.md. */
  id: string;
  /** The probes (every transport) whose difference it settles. */
  probes: string[];
  /** The official servers whose difference it settles (default: any). */
  servers?: string[];
  /** Why the difference stays. */
  why: string;
  /** The spec text that allows it, quoted, with where it is. */
  clauses: Array<{ quote: string; source: string }>;
}

const SPEC = 'spec repository b0f60ba, docs/specification/';
const CODES = {
  quote:
    'JSON-RPC 2.0 reserves the range `-32000` to `-32099` for implementation-defined server errors. […] Apart from `-32002` (see below), receivers **MUST NOT** assume any specific meaning for these codes.',
  source: `${SPEC}2026-07-28/basic/index.mdx, Error Codes`,
};

/** Differences kept, each with the clause that allows both answers. */
export const SETTLEMENTS: readonly Settlement[] = [
  {
    id: 'implementation-defined-codes',
    probes: [
      'legacy.initialize-without-params',
      'legacy.tools-list-before-initialize',
      'legacy.unknown-session',
      'legacy.wrong-protocol-version-header',
      'legacy.get-without-session',
      'legacy.accept-json-only',
      'legacy.text-content-type',
      'legacy.malformed-json',
      'legacy.not-json-rpc',
      'legacy.batch',
      'legacy.id-null',
      'modern.batch',
      'modern.malformed-json',
      'modern.get',
      'modern.delete',
      'modern.accept-json-only',
      'legacy-only.server-discover',
      'legacy-only.modern-tools-list',
      'legacy-only.unsupported-version',
    ],
    servers: ['typescript', 'go', 'python', 'typescript-v1', 'typescript-legacy'],
    why: 'Where a request is refused over HTTP, the status is the same (or, for `Content-Type: text/plain`, the spec names none: Python answers 400 where the others answer 415; for `initialize` without params Python answers 200 with the error in the body) and the body differs: the TypeScript servers send -32000 or -32001 from the implementation-defined range, the Go server a plain-text body, the Python server -32602 where the fault is the request (not its params), the fake server the JSON-RPC code naming the fault (-32600 Invalid Request, -32602 Invalid params, -32700 Parse error). A client must read the status, never the code. The fake server keeps the standard codes: they are the ones a client can least misread. This includes the motivating case, `server/discover` to a 2025-11-25-only server over HTTP: every server answers 400 (the official ones -32000, the fake -32600), which a dual-era client must take as "legacy" (2026-07-28 Streamable HTTP, Backward Compatibility: an unrecognised error body on 400 means legacy).',
    clauses: [
      CODES,
      {
        quote:
          'Servers that require a session ID **SHOULD** respond to requests without an `MCP-Session-Id` header (other than initialization) with HTTP 400 Bad Request.',
        source: `${SPEC}2025-11-25/basic/transports.mdx, Session Management`,
      },
      {
        quote:
          'If the server receives a request with an invalid or unsupported `MCP-Protocol-Version`, it **MUST** respond with `400 Bad Request`.',
        source: `${SPEC}2025-11-25/basic/transports.mdx, Protocol Version Header`,
      },
    ],
  },
  {
    id: 'unknown-session-status',
    probes: ['legacy.unknown-session'],
    why: 'Every server answers 404 to a session id it does not know; the bodies differ as above. (The TypeScript SDK 2.x answer, 404 with -32001 "Session not found", is the one its transport gives a closed session; the fixture routes an id it never issued to the same answer.)',
    clauses: [
      {
        quote:
          'The server **MAY** terminate the session at any time, after which it **MUST** respond to requests containing that session ID with HTTP 404 Not Found.',
        source: `${SPEC}2025-11-25/basic/transports.mdx, Session Management`,
      },
    ],
  },
  {
    id: 'before-initialize',
    probes: [
      'legacy.initialize-twice',
      'legacy.tools-list-before-initialize',
      'legacy-only.modern-tools-list',
    ],
    why: 'What a server does with a request before `initialize`, or with a second `initialize`, is its own choice: over stdio the TypeScript servers serve `tools/list` before `initialize` (SDK 1.x even with the 2026-07-28 `_meta`), Python answers -32602, Go an error with code 0, and the fake server -32600 "Server not initialized"; a second `initialize` is answered again by Python, Go (code 0) and the TypeScript stdio server, and refused by the TypeScript HTTP server and the fake server. The client rule is to send nothing but `ping` before the answer to `initialize`; the fake server plays the strict reading, which is the one a client that skips `initialize` must survive.',
    clauses: [
      {
        quote:
          'The client **SHOULD NOT** send requests other than pings before the server has responded to the `initialize` request.',
        source: `${SPEC}2025-11-25/basic/lifecycle.mdx, Initialization`,
      },
      {
        quote:
          'The fallback **MUST NOT** be keyed to one specific error code: legacy servers respond to unknown pre-`initialize` requests with implementation-defined errors (commonly `-32601` or `-32602`) or not at all. […] some legacy servers do not validate that a request arrives after `initialize` and would process an era-ambiguous method (such as `tools/call`) under legacy semantics.',
        source: `${SPEC}2026-07-28/basic/transports/stdio.mdx, Backward Compatibility`,
      },
    ],
  },
  {
    id: 'stdio-garbage',
    probes: ['legacy.malformed-json', 'legacy.not-json-rpc', 'legacy.id-null'],
    why: 'Over stdio, the official servers ignore a line that is not JSON, not JSON-RPC, or a request with id `null`; the fake server answers -32700 or -32600 with id `null`, as JSON-RPC 2.0 asks of a server that answers such input. Writing such a line breaks a client MUST, so how the server reacts is not specified; a client gets either silence or an error it cannot match to a request. Over HTTP, Python takes a request with id `null` for a notification (202).',
    clauses: [
      {
        quote:
          "The client **MUST NOT** write anything to the server's `stdin` that is not a valid MCP message.",
        source: `${SPEC}2025-11-25/basic/transports.mdx, stdio`,
      },
      {
        quote: 'Unlike base JSON-RPC, the ID **MUST NOT** be `null`.',
        source: `${SPEC}2025-11-25/basic/index.mdx, Requests`,
      },
    ],
  },
  {
    id: 'batch',
    probes: ['legacy.batch'],
    servers: ['typescript'],
    why: 'The TypeScript SDK 2.x answers a JSON array of requests over a 2025-11-25 session (a JSON-RPC batch); the fake server, Python and Go refuse it with 400. A POST body is one message.',
    clauses: [
      {
        quote:
          'The body of the POST request **MUST** be a single JSON-RPC _request_, _notification_, or _response_.',
        source: `${SPEC}2025-11-25/basic/transports.mdx, Sending Messages to the Server`,
      },
    ],
  },
  {
    id: 'invalid-cursor',
    probes: ['legacy.tools-list-invalid-cursor', 'modern.tools-list-invalid-cursor'],
    servers: ['typescript', 'python'],
    why: 'The TypeScript and Python servers do not paginate `tools/list` and ignore a cursor; the fake server (like Go) refuses a cursor it did not issue with -32602, as the spec recommends.',
    clauses: [
      {
        quote: 'Invalid cursors **SHOULD** result in an error with code -32602 (Invalid params).',
        source: `${SPEC}2025-11-25/server/utilities/pagination.mdx, Error Handling`,
      },
    ],
  },
  {
    id: 'unknown-tool',
    probes: ['legacy.tools-call-unknown-tool', 'modern.tools-call-unknown-tool'],
    servers: ['python'],
    why: 'The Python server answers a call of an unknown tool with a tool execution error (`isError: true`); the fake server, TypeScript and Go answer the protocol error -32602 the spec names for an unknown tool.',
    clauses: [
      {
        quote:
          'Tools use two error reporting mechanisms: 1. **Protocol Errors**: Standard JSON-RPC errors for issues like: - Unknown tools',
        source: `${SPEC}2025-11-25/server/tools.mdx, Error Handling`,
      },
    ],
  },
  {
    id: 'served-lists',
    probes: ['legacy.resources-list-not-served', 'modern.resources-list-not-served'],
    servers: ['python', 'go'],
    why: 'The Python and Go servers serve `resources/list` (empty) whether or not a resource is registered; the fake server and TypeScript serve no resources for this catalog and answer -32601. Both are what each server advertises; the catalogs compared hold tools only.',
    clauses: [
      {
        quote:
          'If the server does not implement the requested RPC method, it **MUST** respond with `404 Not Found` and a JSON-RPC error with code `-32601` (`Method not found`).',
        source: `${SPEC}2026-07-28/basic/transports/streamable-http.mdx, Server Validation`,
      },
    ],
  },
  {
    id: 'large-integer-id',
    probes: ['legacy.id-large-integer', 'modern.id-large-integer'],
    servers: ['typescript', 'go'],
    why: "An integer id beyond 2^53 is echoed digit for digit by the fake server and Python, rounded to 9007199254740992 by Go, and refused (HTTP) or ignored (stdio) by the TypeScript SDK. The spec requires an integer id and an answer with the same id; the fake server keeps the request's id exact.",
    clauses: [
      {
        quote: 'Requests **MUST** include a string or integer ID.',
        source: `${SPEC}2025-11-25/basic/index.mdx, Requests`,
      },
    ],
  },
  {
    id: 'get-stream-headers',
    probes: ['legacy.get-stream'],
    servers: ['typescript'],
    why: 'Both open the standalone SSE stream; the TypeScript SDK 2.x sends its response headers only with the first event, so a client sees nothing until a notification comes (the probe waits 3 s). The fake server answers at once.',
    clauses: [
      {
        quote:
          'The server **MUST** either return `Content-Type: text/event-stream` in response to this HTTP GET, or else return HTTP 405 Method Not Allowed, indicating that the server does not offer an SSE stream at this endpoint.',
        source: `${SPEC}2025-11-25/basic/transports.mdx, Listening for Messages from the Server`,
      },
    ],
  },
  {
    id: 'delete-status',
    probes: ['legacy.delete-session'],
    servers: ['go'],
    why: 'Ending a session with DELETE succeeds everywhere; Go answers 204, the others 200. The spec names no success status.',
    clauses: [
      {
        quote:
          'Clients that no longer need a particular session […] **SHOULD** send an HTTP DELETE to the MCP endpoint with the `MCP-Session-Id` header, to explicitly terminate the session. The server **MAY** respond to this request with HTTP 405 Method Not Allowed',
        source: `${SPEC}2025-11-25/basic/transports.mdx, Session Management`,
      },
    ],
  },
  {
    id: 'unknown-method-over-http',
    probes: ['legacy.unknown-method'],
    servers: ['go'],
    why: 'Go answers an unknown method on a 2025-11-25 session with 400 and a plain-text body; the fake server, TypeScript and Python answer -32601 in a JSON-RPC response, the answer a request gets.',
    clauses: [
      {
        quote:
          'If the input is a JSON-RPC _request_, the server **MUST** either return `Content-Type: text/event-stream`, to initiate an SSE stream, or `Content-Type: application/json`, to return one JSON object.',
        source: `${SPEC}2025-11-25/basic/transports.mdx, Sending Messages to the Server`,
      },
    ],
  },
  {
    id: 'go-http-speaks-2025',
    probes: [
      'modern.server-discover',
      'modern.tools-list',
      'modern.tools-list-invalid-cursor',
      'modern.tools-call',
      'modern.tools-call-unknown-tool',
      'modern.tools-call-invalid-arguments',
      'modern.ping',
      'modern.resources-list-not-served',
      'modern.subscriptions-listen',
      'modern.cancelled-notification',
      'modern.id-large-integer',
      'modern.header-mismatch',
      'modern.no-mcp-method-header',
      'modern.no-mcp-name-header',
      'modern.no-protocol-version-header',
      'modern.session-header-ignored',
    ],
    servers: ['go'],
    why: "The Go SDK's Streamable HTTP handler does not serve 2026-07-28: its `server/discover` lists the 2025 revisions only, and every other 2026-07-28 request gets 400 with -32022 (the answer the spec prescribes for a revision a server does not support; over stdio the same server speaks 2026-07-28). Over stdio its `server/discover` lists the 2025 revisions beside 2026-07-28, where the others list 2026-07-28 alone; both are lists of what each server supports. The fake server is compared with it where it speaks the revision.",
    clauses: [
      {
        quote:
          'If the server does not implement the requested version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it **MUST** respond with an `UnsupportedProtocolVersionError` listing the versions it does support',
        source: `${SPEC}2026-07-28/basic/versioning.mdx, Protocol Version Negotiation`,
      },
      {
        quote: '`supportedVersions`: Protocol versions the server supports.',
        source: `${SPEC}2026-07-28/server/discover.mdx`,
      },
    ],
  },
  {
    id: 'header-validation-code',
    probes: ['modern.header-mismatch', 'modern.no-protocol-version-header'],
    servers: ['python'],
    why: 'A 2026-07-28 request whose `MCP-Protocol-Version` is missing or does not match its `_meta` gets 400 everywhere; Python answers -32600 where the spec names -32020 (HeaderMismatch), which the fake server and TypeScript answer.',
    clauses: [
      {
        quote:
          'Servers **MUST** reject requests with a `400 Bad Request` HTTP status and JSON-RPC error code `-32020` (`HeaderMismatch`) if any validation fails.',
        source: `${SPEC}2026-07-28/basic/transports/streamable-http.mdx, Server Validation`,
      },
    ],
  },
  {
    id: 'dual-endpoint-get',
    probes: ['modern.get', 'modern.delete'],
    servers: ['python'],
    why: 'A session-less GET or DELETE on an endpoint that also serves 2025-11-25 sessions: Python answers 405 (the 2026-07-28-only answer), the fake server, TypeScript and Go 400 (the 2025-11-25 answer to a request without its session). The 405 rule is written for servers speaking 2026-07-28 alone.',
    clauses: [
      {
        quote:
          'A server that supports only this revision and receives such traffic from an older client **SHOULD** respond as follows: - HTTP GET or DELETE to the MCP endpoint: respond with `405 Method Not Allowed`.',
        source: `${SPEC}2026-07-28/basic/transports/streamable-http.mdx, Backward Compatibility`,
      },
    ],
  },
  {
    id: 'accept-header',
    probes: ['legacy.accept-json-only', 'modern.accept-json-only'],
    servers: ['typescript'],
    why: 'A POST whose `Accept` lists `application/json` alone: the TypeScript SDK 2.x serves a 2026-07-28 request anyway; the fake server and Python refuse it with 406 (Go with 400). Listing both types is a client MUST; what a server does with a client that breaks it is not specified, and the strict answer is the one that shows a client its mistake.',
    clauses: [
      {
        quote:
          'The client **MUST** include an `Accept` header, listing both `application/json` and `text/event-stream` as supported content types.',
        source: `${SPEC}2025-11-25/basic/transports.mdx, Sending Messages to the Server`,
      },
    ],
  },
];

/** Differences found by this comparison and fixed in the fake server, with the test that pins each. */
export const FIXED: ReadonlyArray<{ what: string; test: string }> = [
  {
    what: "`tools/call` with arguments that do not fit the tool's input schema was run as if they fit; the fake server now answers a tool execution error (`isError: true`, naming the first problem), as the TypeScript, Python and Go servers do (2025-11-25 and 2026-07-28 tools: input validation errors are tool execution errors; servers MUST validate all tool inputs)",
    test: 'packages/fake-server/test/regressions/28-parity-fixes.test.ts',
  },
  {
    what: 'a 2026-07-28 request (with the `_meta` protocol version) that also carried an `Mcp-Session-Id` was routed to the 2025-11-25 engine and refused 404 on a dual endpoint; the fake server now routes it by its `_meta` and ignores the header, as the TypeScript and Python servers do (2026-07-28 Streamable HTTP: "An `Mcp-Session-Id` header on a request: ignore it")',
    test: 'packages/fake-server/test/regressions/28-parity-fixes.test.ts',
  },
  {
    what: 'on stdio, a 2025-11-25-only fake server answered `server/discover` before `initialize` with -32600 "not initialized"; it now answers -32601 "Method not found", as the TypeScript SDK v1 server (2025-11-25 only) does: the probe a dual-era client sends first gets the answer real legacy servers give',
    test: 'packages/fake-server/test/regressions/28-parity-fixes.test.ts',
  },
];
