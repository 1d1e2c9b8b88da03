"""Reproduction: after the server answers 404 for its session id, Pydantic AI's MCPToolset (on the FastMCP client
and the official `mcp` SDK's Streamable HTTP transport) never starts a new session: no new `initialize` is sent
and every later call fails. Spec 2025-11-25, basic/transports §Session Management: "When a client receives HTTP
404 in response to a request containing an MCP-Session-Id, it MUST start a new session by sending a new
InitializeRequest without a session ID attached."

Uses the library as docs/mcp/client.md shows (MCPToolset(url), held open with `async with toolset`), and its
documented direct_call_tool. Prints REPRODUCED (exit 0) while the bug shows, NOT REPRODUCED (exit 1) once the
library re-initializes.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import server

logging.disable(logging.CRITICAL)

from pydantic_ai.mcp import MCPToolset  # noqa: E402


async def main() -> int:
    toolset = MCPToolset(server.start())
    async with toolset:
        await toolset.list_tools()
        print(f"call 1: {await toolset.direct_call_tool('echo', {'text': 'one'})!r} (the server then ends the session)")
        for n in (2, 3):
            try:
                print(f"call {n}: {await toolset.direct_call_tool('echo', {'text': str(n)})!r}")
            except Exception as error:  # the library's error for the call
                print(f"call {n} failed: {type(error).__name__}: {error}")
    for method, session, status in server.LOG:
        print(f"  server saw {method} (session {session or '-'}) -> {status}")
    statuses = [status for _, _, status in server.LOG]
    if 404 not in statuses:
        print("NOT REPRODUCED: the server never had to answer 404 (the client sent nothing after the session ended)")
        return 1
    later = server.LOG[statuses.index(404):]
    if any(method == "initialize" and session is None for method, session, _ in later):
        print("NOT REPRODUCED: after the 404 the client sent a new initialize without a session id")
        return 1
    print(f"REPRODUCED: {statuses.count(404)} request(s) answered 404 for the ended session and the client never sent a new initialize")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
