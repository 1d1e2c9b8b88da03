"""fastmcp's Client does not start a new session after HTTP 404 on its session id.

Spec 2025-11-25 basic/transports, Session Management 4: "When a client receives HTTP 404 in response
to a request containing an MCP-Session-Id, it MUST start a new session by sending a new
InitializeRequest without a session ID attached." The server (server.py) ends the session on the
first tools/call; a correct client re-initializes, so the second call succeeds.
"""

from __future__ import annotations

import asyncio
import sys
import threading

from fastmcp import Client

from server import make_server


async def attempt(client: Client) -> str:
    try:
        result = await client.call_tool_mcp("echo", {})
        return f"ok ({'error result' if result.is_error else 'result'})"
    except Exception as error:  # the outcome is what we print
        return f"{type(error).__name__}: {error}"


async def main() -> int:
    server, state = make_server()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/mcp"
    outcomes: list[str] = []
    try:
        async with Client(url, mode="legacy") as client:
            for _ in range(2):
                outcomes.append(await attempt(client))
    except BaseException as error:  # leaving the client may fail too: not the point here
        outcomes.append(f"on close: {type(error).__name__}")
    finally:
        server.shutdown()
    print("server saw:", *state.log, sep="\n  ")
    print("calls:", outcomes)
    if state.initializes >= 2:
        print(f"NOT REPRODUCED: the client sent a new initialize after the 404 ({state.initializes} initializes)")
        return 1
    print(
        "REPRODUCED: after HTTP 404 for its Mcp-Session-Id the client never sent a new initialize "
        f"(1 initialize in all); the next call failed too: {outcomes[1]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
