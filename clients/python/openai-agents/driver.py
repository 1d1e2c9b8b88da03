"""toolshift driver for the OpenAI Agents SDK, `openai-agents` (PyPI), as its docs show a host using it.

Per server an `MCPServerStreamableHttp(params={"url": …, "headers": …}, name=…)` (defaults:
`cache_tools_list=False`), connected once, all of them on one `Agent(mcp_servers=[…])`. The tools a
model is offered are what the SDK builds for a turn: `Agent.get_all_tools(run_context)` lists every
server again (its own default when the list is not cached) and turns each MCP tool into a
`FunctionTool` (name, description, `params_json_schema`). A model's tool call goes through the
SDK's own `MCPUtil.invoke_mcp_tool`. The SDK re-lists by itself at every turn, so the driver adds
nothing and declares `relists: before-each-model-request` (the SDK's own behaviour).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import toolshift_command as protocol  # noqa: E402

# The handshake goes out before the framework's imports, which take seconds on a busy machine.
protocol.announce("openai-agents", ["multi-server", "bearer-auth", "model-exposure", "manual-refresh", "reconnect"])

from agents import Agent, RunContextWrapper
from agents.mcp import MCPServerStreamableHttp, MCPUtil


NAME = "openai-agents"


@dataclass
class Connection:
    server_id: str
    url: str
    token: str | None
    server: MCPServerStreamableHttp | None = None
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Connects the SDK's server object in a task of its own (it must be cleaned up by the task that connected it)."""
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.stop = asyncio.Event()
        server = MCPServerStreamableHttp(
            params={"url": self.url, "headers": {"Authorization": f"Bearer {self.token}"} if self.token else {}},
            name=self.server_id,
        )

        async def hold() -> None:
            try:
                await server.connect()
                self.server = server
                ready.set_result(None)
                await self.stop.wait()
            except BaseException as error:  # boundary: report how the connection ended
                if not ready.done():
                    ready.set_exception(error if isinstance(error, Exception) else RuntimeError(repr(error)))
                if not isinstance(error, Exception):
                    raise
            finally:
                self.server = None
                try:
                    await server.cleanup()
                except BaseException:  # boundary: cleanup is best effort
                    pass

        self.task = asyncio.create_task(hold())
        await ready

    async def close(self) -> None:
        self.stop.set()
        if self.task is not None:
            try:
                await asyncio.wait_for(self.task, timeout=1.0)
            except BaseException:  # boundary: closing is best effort
                pass

    def report(self, tools: list[Any]) -> None:
        protocol.expose(
            self.server_id,
            [
                {
                    "name": tool.name,
                    **({"description": tool.description} if tool.description is not None else {}),
                    "inputSchema": tool.inputSchema if hasattr(tool, "inputSchema") else tool.input_schema,
                }
                for tool in tools
            ],
        )


connections: dict[str, Connection] = {}
#: The FunctionTools of the last model request, by model-facing name: (server id, MCP tool).
offered_tools: dict[str, tuple[str, Any]] = {}


def _agent() -> Agent:
    return Agent(name="toolshift host", mcp_servers=[c.server for c in connections.values() if c.server is not None])


def _connection(request: dict[str, Any]) -> Connection:
    connection = connections.get(request["serverId"])
    if connection is None:
        raise RuntimeError(f"unknown server {request['serverId']!r}")
    return connection


async def connect(request: dict[str, Any]) -> None:
    connection = Connection(request["serverId"], request["url"], request.get("bearerToken"))
    connections[connection.server_id] = connection
    try:
        await connection.open()
    except Exception as error:
        raise protocol.PhaseError(f"{type(error).__name__}: {error}", "connect") from error
    try:
        assert connection.server is not None
        connection.report(await connection.server.list_tools())
    except Exception as error:
        raise protocol.PhaseError(f"{type(error).__name__}: {error}", "tool-set") from error


async def call(request: dict[str, Any]) -> Any:
    connection = _connection(request)
    if connection.server is None:
        raise protocol.PhaseError(f"{connection.server_id} is not connected", "call")
    result = await connection.server.call_tool(request["tool"], request.get("arguments") or {})
    return result.model_dump(mode="json", by_alias=True, exclude_none=True)


async def refresh(request: dict[str, Any]) -> None:
    connection = _connection(request)
    if connection.server is None:
        raise RuntimeError(f"{connection.server_id} is not connected")
    connection.report(await connection.server.list_tools())


async def reconnect(request: dict[str, Any]) -> None:
    connection = _connection(request)
    await connection.close()
    await connection.open()
    await refresh(request)


async def model_request(_request: dict[str, Any]) -> dict[str, Any]:
    """What the SDK builds for a turn: Agent.get_all_tools lists every server and converts its tools."""
    try:
        tools = await _agent().get_all_tools(RunContextWrapper(context=None))
    except Exception as error:
        raise protocol.PhaseError(f"{type(error).__name__}: {error}", "model-request") from error
    by_name: dict[str, tuple[str, Any]] = {}
    for connection in connections.values():
        listed = connection.server.cached_tools if connection.server is not None else None
        if listed is not None:
            connection.report(listed)
            for mcp_tool in listed:
                by_name.setdefault(mcp_tool.name, (connection.server_id, mcp_tool))
    offered_tools.clear()
    offered: list[dict[str, Any]] = []
    for tool in tools:
        origin = by_name.get(tool.name)
        if origin is None:
            continue
        offered_tools[tool.name] = origin
        offered.append(
            {
                "name": tool.name,
                "serverId": origin[0],
                "toolName": origin[1].name,
                **({"description": tool.description} if getattr(tool, "description", None) else {}),
                "parameters": tool.params_json_schema,
            }
        )
    return {"tools": offered}


async def model_call(request: dict[str, Any]) -> dict[str, Any]:
    """Runs the model's tool call the way the SDK does (MCPUtil.invoke_mcp_tool)."""
    name = request["name"]
    origin = offered_tools.get(name)
    if origin is None:
        return {"isError": True, "text": f"unknown tool {name}"}
    server_id, mcp_tool = origin
    server = connections[server_id].server
    if server is None:
        return {"isError": True, "text": f"{server_id} is not connected"}
    try:
        output = await MCPUtil.invoke_mcp_tool(
            server, mcp_tool, RunContextWrapper(context=None), json.dumps(request.get("arguments") or {})
        )
    except Exception as error:  # the SDK raises for a failed call; the model would see the error text
        return {"isError": True, "text": f"{type(error).__name__}: {error}", "routedTo": {"serverId": server_id, "toolName": mcp_tool.name}}
    text = output if isinstance(output, str) else json.dumps(output, default=str)
    return {"isError": False, "text": text, "routedTo": {"serverId": server_id, "toolName": mcp_tool.name}}


async def shutdown() -> None:
    await asyncio.gather(*(connection.close() for connection in connections.values()), return_exceptions=True)


if __name__ == "__main__":
    asyncio.run(
        protocol.serve(
            NAME,
            ["multi-server", "bearer-auth", "model-exposure", "manual-refresh", "reconnect"],
            {
                "connect": connect,
                "call": call,
                "refresh": refresh,
                "reconnect": reconnect,
                "model-request": model_request,
                "model-call": model_call,
            },
            shutdown,
        )
    )
