"""toolshift driver for Pydantic AI (PyPI `pydantic-ai-slim[mcp,openai,google]`), as its docs show a host using it.

Per server an `MCPToolset(url, auth=…)` (its defaults: `cache_tools=True`, invalidated by
`notifications/tools/list_changed`), all of them on one `Agent(model, toolsets=[…])`. The model is
one of Pydantic AI's own model classes pointed at the cell's fake model provider (`GoogleModel` for
a `gemini` hint, `OpenAIChatModel` otherwise), so an `agent-turn` is an ordinary `agent.run(prompt)`
and the harness reads from the wire what the agent offered the model and sent back. Which tools a
run offers, how their schemas are adapted to the provider and how a call is routed are Pydantic
AI's own decisions; the driver adds nothing.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import toolshift_command as protocol  # noqa: E402

# The handshake goes out before the framework's imports, which take seconds on a busy machine.
FEATURES = ["multi-server", "bearer-auth", "reauthorize", "agent-turn"]
protocol.announce("pydantic-ai", FEATURES)

import httpx2
from pydantic_ai import Agent
from pydantic_ai.mcp import MCPToolset


NAME = "pydantic-ai"
#: The model name sent to the fake provider (any name is served), and the API key it is sent with.
MODEL = "toolshift-model"
FAKE_KEY = "toolshift-fake-key"


class _Bearer(httpx2.Auth):
    """Sends the server's current bearer token."""

    def __init__(self, server_id: str) -> None:
        self.server_id = server_id

    def auth_flow(self, request: httpx2.Request):  # type: ignore[override]
        token = tokens.get(self.server_id)
        if token:
            request.headers["Authorization"] = f"Bearer {token}"
        yield request


toolsets: dict[str, MCPToolset[Any]] = {}
#: Each toolset is held open (the docs' `async with agent:`) by a task of its own, until shutdown.
holders: dict[str, tuple[asyncio.Event, asyncio.Task[None]]] = {}


async def _hold(server_id: str, toolset: MCPToolset[Any]) -> None:
    """Enters the toolset in a task of its own (anyio scopes must be left by the task that entered them)."""
    ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()

    async def hold() -> None:
        try:
            async with toolset:
                ready.set_result(None)
                await stop.wait()
        except BaseException as error:  # boundary: report how the connection ended
            if not ready.done():
                ready.set_exception(error if isinstance(error, Exception) else RuntimeError(repr(error)))
            else:
                protocol.note(f"{server_id}: the connection ended: {type(error).__name__}: {error}")
            if not isinstance(error, Exception):
                raise

    holders[server_id] = (stop, asyncio.create_task(hold()))
    await ready
tokens: dict[str, str | None] = {}
#: The cell's fake model provider, from the first `connect` that names it.
model_target: dict[str, str] = {}


def _agent(model: Any) -> Agent[None, str]:
    return Agent(model, toolsets=list(toolsets.values()))


async def _report(server_id: str) -> list[Any]:
    tools = await toolsets[server_id].list_tools()
    protocol.expose(
        server_id,
        [
            {
                "name": tool.name,
                **({"description": tool.description} if tool.description is not None else {}),
                "inputSchema": tool.input_schema if hasattr(tool, "input_schema") else tool.inputSchema,
            }
            for tool in tools
        ],
    )
    return tools


async def connect(request: dict[str, Any]) -> None:
    server_id = request["serverId"]
    if request.get("model") and not model_target:
        model_target.update(request["model"])
    tokens[server_id] = request.get("bearerToken")
    toolset: MCPToolset[Any] = MCPToolset(request["url"], id=server_id, auth=_Bearer(server_id))
    toolsets[server_id] = toolset
    try:
        await _hold(server_id, toolset)
    except Exception as error:
        raise protocol.PhaseError(f"{type(error).__name__}: {error}", "connect") from error
    try:
        await _report(server_id)
    except Exception as error:
        raise protocol.PhaseError(f"{type(error).__name__}: {error}", "tool-set") from error


async def call(request: dict[str, Any]) -> Any:
    toolset = toolsets[request["serverId"]]
    result = await toolset.direct_call_tool(request["tool"], request.get("arguments") or {})
    return {"content": [{"type": "text", "text": result if isinstance(result, str) else json.dumps(result, default=str)}], "isError": False}


async def reauthorize(request: dict[str, Any]) -> None:
    tokens[request["serverId"]] = request["bearerToken"]


def _model(provider: str) -> Any:
    """Pydantic AI's own model class for the scenario's provider hint, on the cell's fake provider."""
    if not model_target:
        raise RuntimeError("the harness gave no model provider (connect.model)")
    # Imported with the first agent turn, not at start: the provider SDKs take seconds to import on
    # a busy machine, which would hold up the first connect.
    if provider.startswith("gemini"):
        from pydantic_ai.models.google import GoogleModel
        from pydantic_ai.providers.google import GoogleProvider

        return GoogleModel(MODEL, provider=GoogleProvider(api_key=FAKE_KEY, base_url=model_target["gemini"]))
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    return OpenAIChatModel(MODEL, provider=OpenAIProvider(base_url=model_target["openai"], api_key=FAKE_KEY))


async def agent_turn(request: dict[str, Any]) -> dict[str, Any]:
    """One agent run (`agent.run(prompt)`) against the cell's fake model; the harness reads the wire.

    The agent gets its tools from every toolset (Pydantic AI's tool cache and change handling),
    turns them into the provider's tool definitions (the model's own schema transformer), runs the
    model's tool calls through the toolsets and sends the results (or its retry prompt) back.
    """
    try:
        await _agent(_model(request.get("provider") or "openai")).run(request["prompt"])
    finally:
        for server_id, toolset in toolsets.items():
            if getattr(toolset, "_cached_tools", None) is not None:
                await _report(server_id)
    return {}


async def shutdown() -> None:
    for stop, task in holders.values():
        stop.set()
        try:
            await asyncio.wait_for(task, timeout=1.0)
        except BaseException:  # boundary: closing is best effort
            pass


if __name__ == "__main__":
    asyncio.run(
        protocol.serve(
            NAME,
            # No manual-refresh: list_tools() serves the toolset's cache, and Pydantic AI has no call
            # that re-lists on demand (only a list_changed notification or leaving the toolset does).
            FEATURES,
            {
                "connect": connect,
                "call": call,
                "reauthorize": reauthorize,
                "agent-turn": agent_turn,
            },
            shutdown,
        )
    )
