"""toolshift driver for FastMCP's client, `fastmcp.Client` (PyPI `fastmcp`), as its docs show a host using it.

One `Client(url, auth=…, mode=…)` per server over Streamable HTTP (an `httpx2.Auth` sending the
current bearer token), entered with `async with`, and the tool set from `await client.list_tools()`,
which follows every page (with its own guard on a repeated cursor). FastMCP does not re-list by
itself when the server announces a change: notifications reach a `MessageHandler`'s
`on_tool_list_changed` (this host's only notes them), and it has no `subscriptions/listen` of its
own. So this host lists again before every model request (and on a manual refresh): "pass by
re-asking" where it passes.
"""

from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import toolshift_command as protocol  # noqa: E402

NAME = "fastmcp"
FEATURES = ["multi-server", "bearer-auth", "reauthorize", "model-exposure", "manual-refresh", "reconnect"]
# The handshake goes out before the library's imports, which take seconds on a busy machine.
protocol.announce(NAME, FEATURES)

import httpx2  # noqa: E402
import mcp_types  # noqa: E402
from fastmcp import Client  # noqa: E402
from fastmcp.client.messages import MessageHandler  # noqa: E402



class _Bearer(httpx2.Auth):
    """Sends the connection's current bearer token, so a re-authorization takes effect on the next request."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def auth_flow(self, request: httpx2.Request):  # type: ignore[override]
        if self.connection.token:
            request.headers["Authorization"] = f"Bearer {self.connection.token}"
        yield request


class _Notes(MessageHandler):
    """FastMCP's hook for server notifications: it only notes the change signal."""

    def __init__(self, server_id: str) -> None:
        self.server_id = server_id

    async def on_tool_list_changed(self, message: mcp_types.ToolListChangedNotification) -> None:
        protocol.note(
            f"{self.server_id}: notifications/tools/list_changed received (the host lists again before its next model request)"
        )


@dataclass
class Connection:
    server_id: str
    url: str
    era: str | None
    token: str | None
    client: Client | None = None
    tools: list[Any] = field(default_factory=list)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Enters the `Client` in a task of its own (anyio scopes must be left by the task that entered them)."""
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.stop = asyncio.Event()

        async def hold() -> None:
            try:
                client = Client(
                    self.url,
                    auth=_Bearer(self),
                    message_handler=_Notes(self.server_id),
                    mode="legacy" if self.era == "legacy" else "auto",
                )
                async with client:
                    self.client = client
                    ready.set_result(None)
                    await self.stop.wait()
            except BaseException as error:  # boundary: report how the connection ended
                if not ready.done():
                    ready.set_exception(error if isinstance(error, Exception) else RuntimeError(repr(error)))
                else:
                    protocol.note(f"{self.server_id}: the connection ended: {type(error).__name__}: {error}")
                if not isinstance(error, Exception):
                    raise
            finally:
                self.client = None

        self.task = asyncio.create_task(hold())
        await ready

    async def close(self) -> None:
        self.stop.set()
        if self.task is not None:
            try:
                await asyncio.wait_for(self.task, timeout=1.0)
            except BaseException:  # boundary: closing is best effort
                pass

    async def list_tools(self) -> list[Any]:
        """`Client.list_tools()` (every page), then reports the set the host now holds."""
        if self.client is None:
            raise RuntimeError(f"{self.server_id} is not connected")
        tools = await self.client.list_tools()
        self.tools = tools
        protocol.expose(
            self.server_id,
            [
                {
                    "name": tool.name,
                    **({"description": tool.description} if tool.description is not None else {}),
                    "inputSchema": tool.input_schema,
                }
                for tool in tools
            ],
        )
        return tools


connections: dict[str, Connection] = {}


def _connection(request: dict[str, Any]) -> Connection:
    connection = connections.get(request["serverId"])
    if connection is None:
        raise RuntimeError(f"unknown server {request['serverId']!r}")
    return connection


async def connect(request: dict[str, Any]) -> None:
    connection = Connection(request["serverId"], request["url"], request.get("era"), request.get("bearerToken"))
    connections[connection.server_id] = connection
    try:
        await connection.open()
    except Exception as error:
        raise protocol.PhaseError(f"{type(error).__name__}: {error}", "connect") from error
    try:
        await connection.list_tools()
    except Exception as error:
        raise protocol.PhaseError(f"{type(error).__name__}: {error}", "tool-set") from error


async def call(request: dict[str, Any]) -> Any:
    connection = _connection(request)
    if connection.client is None:
        raise protocol.PhaseError(f"{connection.server_id} is not connected", "call")
    result = await connection.client.call_tool_mcp(request["tool"], request.get("arguments") or {})
    return result.model_dump(mode="json", by_alias=True, exclude_none=True)


async def refresh(request: dict[str, Any]) -> None:
    await _connection(request).list_tools()


async def reconnect(request: dict[str, Any]) -> None:
    connection = _connection(request)
    await connection.close()
    await connection.open()
    await connection.list_tools()


async def reauthorize(request: dict[str, Any]) -> None:
    _connection(request).token = request["bearerToken"]


async def model_request(_request: dict[str, Any]) -> dict[str, Any]:
    """The tools a host hands its model: every server's listing, asked again right now."""
    offered: list[dict[str, Any]] = []
    for connection in list(connections.values()):
        if connection.client is None:
            continue
        try:
            tools = await connection.list_tools()
        except Exception as error:
            raise protocol.PhaseError(f"{connection.server_id}: {type(error).__name__}: {error}", "model-request") from error
        offered.extend(
            {
                "name": tool.name,
                "serverId": connection.server_id,
                "toolName": tool.name,
                **({"description": tool.description} if tool.description is not None else {}),
                "parameters": tool.input_schema,
            }
            for tool in tools
        )
    return {"tools": offered}


async def model_call(request: dict[str, Any]) -> dict[str, Any]:
    """Routes a model's tool call to the first server whose last listing has that name."""
    name = request["name"]
    for connection in connections.values():
        if connection.client is not None and any(tool.name == name for tool in connection.tools):
            result = await connection.client.call_tool_mcp(name, request.get("arguments") or {})
            text = "\n".join(getattr(block, "text", "") for block in result.content)
            return {
                "isError": bool(result.is_error),
                "text": text,
                "routedTo": {"serverId": connection.server_id, "toolName": name},
            }
    return {"isError": True, "text": f"unknown tool {name}"}


async def shutdown() -> None:
    await asyncio.gather(*(connection.close() for connection in connections.values()), return_exceptions=True)


if __name__ == "__main__":
    asyncio.run(
        protocol.serve(
            NAME,
            FEATURES,
            {
                "connect": connect,
                "call": call,
                "refresh": refresh,
                "reconnect": reconnect,
                "reauthorize": reauthorize,
                "model-request": model_request,
                "model-call": model_call,
            },
            shutdown,
        )
    )
