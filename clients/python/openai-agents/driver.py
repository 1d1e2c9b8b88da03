"""toolshift driver for the OpenAI Agents SDK, `openai-agents` (PyPI), as its docs show a host using it.

Per server an `MCPServerStreamableHttp(params={"url": …, "headers": …}, name=…)` (defaults:
`cache_tools_list=False`), connected once, all of them on one `Agent(mcp_servers=[…])`. What the
model is offered and gets back is the SDK's own work, read by the harness from the wire: an
`agent-turn` is `Runner.run(agent, prompt)` with the SDK's OpenAI model pointed at the cell's fake
model provider, so the SDK lists every server (its own default when the list is not cached),
converts each MCP tool into a `FunctionTool`, builds the model request and runs the model's tool
calls through its own MCP path. The SDK re-lists by itself at every turn, so the driver adds nothing
and declares `relists: before-each-model-request` (the SDK's own behaviour).
"""

from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import toolshift_command as protocol  # noqa: E402

# The handshake goes out before the framework's imports, which take seconds on a busy machine.
FEATURES = ["multi-server", "bearer-auth", "agent-turn", "manual-refresh", "reconnect"]
protocol.announce("openai-agents", FEATURES)

from agents import Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, Runner, set_tracing_disabled
from agents.mcp import MCPServerStreamableHttp
from openai import AsyncOpenAI

# Traces would be exported to OpenAI's API: the harness has no internet and nothing to trace.
set_tracing_disabled(True)


NAME = "openai-agents"
#: The model name sent to the fake provider (any name is served).
MODEL = "toolshift-model"


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
#: The cell's fake model provider, from the first `connect` that names it.
model_target: dict[str, str] = {}


def _connection(request: dict[str, Any]) -> Connection:
    connection = connections.get(request["serverId"])
    if connection is None:
        raise RuntimeError(f"unknown server {request['serverId']!r}")
    return connection


async def connect(request: dict[str, Any]) -> None:
    if request.get("model") and not model_target:
        model_target.update(request["model"])
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


def _model_target() -> dict[str, str]:
    """The cell's fake model provider (`connect.model`; the env `OPENAI_BASE_URL` as a fallback)."""
    if model_target:
        return model_target
    base = os.environ.get("OPENAI_BASE_URL")
    if not base:
        raise protocol.PhaseError("the harness gave no model provider (connect.model / OPENAI_BASE_URL)", "model-request")
    return {"openai": base}


async def agent_turn(request: dict[str, Any]) -> dict[str, Any]:
    """One agent turn as the SDK runs it: `Runner.run(agent, prompt)` against the cell's fake model.

    The SDK lists every server again (`Agent.get_all_tools`), converts each MCP tool into a
    `FunctionTool`, sends them to the model, runs the model's tool calls through its own MCP path and
    sends the results back, until the model answers in text. The model is the SDK's OpenAI model on
    an `AsyncOpenAI` client whose base URL is the fake provider; the SDK speaks only OpenAI's APIs,
    so a `gemini`/`anthropic` hint gets its documented route to other providers (an OpenAI-compatible
    endpoint, Chat Completions). `openai-strict` turns on the SDK's own strict-schema conversion
    (`mcp_config={"convert_schemas_to_strict": True}`), as a host that wants strict mode does.
    """
    provider = request.get("provider") or "openai"
    # As the SDK's docs show a custom provider (docs/models/index.md): the client's own defaults.
    client = AsyncOpenAI(base_url=_model_target()["openai"], api_key="toolshift-fake-key")
    if provider == "openai-responses":
        model: Any = OpenAIResponsesModel(model=MODEL, openai_client=client)
    else:
        model = OpenAIChatCompletionsModel(model=MODEL, openai_client=client)
    agent = Agent(
        name="toolshift host",
        model=model,
        mcp_servers=[c.server for c in connections.values() if c.server is not None],
        mcp_config={"convert_schemas_to_strict": provider == "openai-strict"},
    )
    try:
        await Runner.run(agent, request["prompt"])
    finally:
        for connection in connections.values():
            if connection.server is not None and connection.server.cached_tools is not None:
                connection.report(connection.server.cached_tools)
    return {}


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
                "agent-turn": agent_turn,
            },
            shutdown,
        )
    )
