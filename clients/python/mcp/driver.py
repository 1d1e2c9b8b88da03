"""toolshift driver for the official Python SDK, `mcp` (PyPI), as its README shows a host using it.

One `mcp.Client` (which drives an `mcp.ClientSession`) per server, over Streamable HTTP with an
`httpx2.AsyncClient` carrying the bearer token (the README's way to set headers or auth). The tool
set a host hands its model is `await client.list_tools()` (paged with `cursor` until `next_cursor`
is None, as the result type says), with the client's default response cache. The SDK does not
re-list by itself when the server announces a change: it only evicts its cache on the
notification. So this host lists again before every model request (and on a manual refresh, with
`cache_mode="refresh"`), which is what the scorecard grades as "pass by re-asking" where it passes.
On a 2026-07-28 session it also holds `Client.listen(tools_list_changed=True)` open and uses it as
the SDK's docstring shows: a `list_tools()` for every event, and after an abrupt drop
(`SubscriptionLost`) it listens again and refetches.
"""

from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import toolshift_command as protocol  # noqa: E402

NAME = "python-mcp"
FEATURES = ["multi-server", "bearer-auth", "reauthorize", "model-exposure", "manual-refresh", "reconnect"]
# The handshake goes out before the library's imports, which take seconds on a busy machine.
protocol.announce(NAME, FEATURES)

import httpx2  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp.client.subscriptions import SubscriptionLost  # noqa: E402
from mcp import Client  # noqa: E402
from mcp_types.version import MODERN_PROTOCOL_VERSIONS  # noqa: E402
from mcp_types import ToolListChangedNotification  # noqa: E402

#: A host's guard on a listing that never ends.
MAX_PAGES = 100
#: A host's guard on a server that drops every subscription: listens again at most this many times per connection.
MAX_RELISTENS = 5
#: Seconds before listening again after the n-th drop in a row (times n).
RELISTEN_DELAY_S = 0.1


class _Bearer(httpx2.Auth):
    """Sends the connection's current bearer token, so a re-authorization takes effect on the next request."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def auth_flow(self, request: httpx2.Request):  # type: ignore[override]
        if self.connection.token:
            request.headers["Authorization"] = f"Bearer {self.connection.token}"
        yield request


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
        """Enters a `Client` in a task of its own (anyio scopes must be left by the task that entered them)."""
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.stop = asyncio.Event()

        async def hold() -> None:
            try:
                http = httpx2.AsyncClient(auth=_Bearer(self), timeout=httpx2.Timeout(30.0, read=300.0))
                async with http, Client(
                    streamable_http_client(self.url, http_client=http),
                    mode="legacy" if self.era == "legacy" else "auto",
                    message_handler=self.on_message,
                ) as client:
                    self.client = client
                    listening = (
                        asyncio.create_task(self.listen(client))
                        if client.protocol_version in MODERN_PROTOCOL_VERSIONS
                        else None
                    )
                    ready.set_result(None)
                    await self.stop.wait()
                    if listening is not None:
                        listening.cancel()
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

    async def on_message(self, message: Any) -> None:
        """The SDK's hook for server messages (it evicts its response cache on list_changed itself)."""
        if isinstance(message, ToolListChangedNotification):
            protocol.note(f"{self.server_id}: notifications/tools/list_changed received (the host lists again before its next model request)")

    async def listen(self, client: Client) -> None:
        """On a 2026-07-28 session the SDK learns of changes only through `Client.listen`, which also evicts its cache.

        As its docstring shows a host using it, every event is answered with `client.list_tools()`
        ("refetch on change"). `Client.listen`'s documented contract on failures: a graceful close ends the loop; an abrupt drop raises
        `SubscriptionLost`, with no replay: "re-listen and refetch". So this host listens again after a
        drop (at most `MAX_RELISTENS` times per connection) and, once the new subscription is acknowledged,
        lists the tools again (`cache_mode="refresh"`) for whatever changed in the gap.
        """
        for attempt in range(MAX_RELISTENS + 1):
            try:
                async with client.listen(tools_list_changed=True) as subscription:
                    if attempt > 0:
                        await self.list_tools(cache_mode="refresh")
                    async for event in subscription:
                        # The docstring's loop: `async for event in sub: tools = await client.list_tools()`
                        # (the SDK has evicted its cache for the event before delivering it).
                        protocol.note(f"{self.server_id}: listen event {type(event).__name__}: refetching the tools")
                        await self.list_tools()
                return
            except asyncio.CancelledError:
                raise
            except SubscriptionLost as error:
                protocol.note(f"{self.server_id}: subscriptions/listen lost ({error}): listening again and refetching, as Client.listen documents")
                await asyncio.sleep(RELISTEN_DELAY_S * (attempt + 1))
            except Exception as error:  # boundary: a failed subscription is evidence, not a crash
                protocol.note(f"{self.server_id}: subscriptions/listen ended: {type(error).__name__}: {error}")
                return
        protocol.note(f"{self.server_id}: subscriptions/listen lost {MAX_RELISTENS + 1} times: the host stops listening")

    async def close(self) -> None:
        self.stop.set()
        if self.task is not None:
            try:
                await asyncio.wait_for(self.task, timeout=1.0)
            except BaseException:  # boundary: closing is best effort
                pass

    async def list_tools(self, cache_mode: str = "use") -> list[Any]:
        """Every page of `tools/list`, then reports the set the host now holds."""
        if self.client is None:
            raise RuntimeError(f"{self.server_id} is not connected")
        tools: list[Any] = []
        names: set[str] = set()
        cursor: str | None = None
        seen: set[str] = set()
        for _ in range(MAX_PAGES):
            page = await self.client.list_tools(cursor=cursor, cache_mode=cache_mode)  # type: ignore[arg-type]
            # Pages may overlap (2026-07-28 promises no cross-page consistency): a host keeps one tool per name.
            for tool in page.tools:
                if tool.name not in names:
                    names.add(tool.name)
                    tools.append(tool)
            cursor = page.next_cursor
            if cursor is None:
                break
            if cursor in seen:
                protocol.warning(self.server_id, f"tools/list repeated the cursor {cursor!r}: the listing stops here")
                break
            seen.add(cursor)
        else:
            protocol.warning(self.server_id, f"tools/list did not end after {MAX_PAGES} pages")
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


def _result(result: Any) -> Any:
    return result.model_dump(mode="json", by_alias=True, exclude_none=True)


async def call(request: dict[str, Any]) -> Any:
    connection = _connection(request)
    if connection.client is None:
        raise protocol.PhaseError(f"{connection.server_id} is not connected", "call")
    return _result(await connection.client.call_tool(request["tool"], request.get("arguments") or {}))


async def refresh(request: dict[str, Any]) -> None:
    await _connection(request).list_tools(cache_mode="refresh")


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
            result = await connection.client.call_tool(name, request.get("arguments") or {})
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
