"""Reproduction: after the server answers 404 for its session id, openai-agents (MCPServerStreamableHttp, on the
official `mcp` SDK's Streamable HTTP transport) never starts a new session: no new `initialize` is sent and every
later call fails. Spec 2025-11-25, basic/transports §Session Management: "When a client receives HTTP 404 in
response to a request containing an MCP-Session-Id, it MUST start a new session by sending a new
InitializeRequest without a session ID attached."

Uses the library as docs/mcp.md §2 shows (MCPServerStreamableHttp(name=…, params={"url": …}), connect, list_tools,
call_tool). Prints REPRODUCED (exit 0) while the bug shows, NOT REPRODUCED (exit 1) once the library re-initializes.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import server

logging.disable(logging.CRITICAL)

from agents.mcp import MCPServerStreamableHttp  # noqa: E402


async def main() -> int:
    url = server.start()
    mcp = MCPServerStreamableHttp(name="repro", params={"url": url})
    await mcp.connect()
    try:
        await mcp.list_tools()
        first = await mcp.call_tool("echo", {"text": "one"})
        print(f"call 1: {first.content[0].text!r} (the server then ends the session)")
        for n in (2, 3):
            try:
                result = await mcp.call_tool("echo", {"text": str(n)})
                print(f"call {n}: {result.content[0].text!r}")
            except Exception as error:  # the library's error for the call
                print(f"call {n} failed: {type(error).__name__}: {error}")
    finally:
        await mcp.cleanup()
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
