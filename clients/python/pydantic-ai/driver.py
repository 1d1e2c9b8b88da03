"""toolshift driver for Pydantic AI (PyPI `pydantic-ai-slim[mcp]`), as its docs show a host using it.

Per server an `MCPToolset(url, auth=…)` (its defaults: `cache_tools=True`, invalidated by
`notifications/tools/list_changed`), all of them on one `Agent(model, toolsets=[…])`. The model is
Pydantic AI's own `FunctionModel`, so every model request is one the agent builds itself: a
`model-request` runs the agent once and reports the `function_tools` it offered; a `model-call`
runs it with a model that calls the named tool and reads the tool return the agent sends back.
Which tools a run offers is Pydantic AI's own decision (its tool cache and its change handling);
the driver adds nothing.
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
protocol.announce("pydantic-ai", ["multi-server", "bearer-auth", "reauthorize", "model-exposure"])

import httpx2
from pydantic_ai import Agent
from pydantic_ai.mcp import MCPToolset
from pydantic_ai.messages import ModelMessage, ModelResponse, RetryPromptPart, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel


NAME = "pydantic-ai"


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
#: The model-facing tools of the last model request: name → server id.
offered_by: dict[str, str] = {}


def _agent(model: FunctionModel) -> Agent[None, str]:
    return Agent(model, toolsets=list(toolsets.values()))


def _server_of(tool_name: str) -> str | None:
    for server_id, toolset in toolsets.items():
        cached = getattr(toolset, "_cached_tools", None) or []
        if any(tool.name == tool_name for tool in cached):
            return server_id
    return None


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


async def model_request(_request: dict[str, Any]) -> dict[str, Any]:
    """Runs the agent once; its FunctionModel reports the tools the agent offered."""
    seen: list[Any] = []

    def model(_messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.extend(info.function_tools)
        return ModelResponse(parts=[TextPart("done")])

    try:
        await _agent(FunctionModel(model)).run("toolshift model request")
    except Exception as error:
        raise protocol.PhaseError(f"{type(error).__name__}: {error}", "model-request") from error
    for server_id in toolsets:
        cached = getattr(toolsets[server_id], "_cached_tools", None)
        if cached is not None:
            await _report(server_id)
    offered_by.clear()
    offered = []
    for tool in seen:
        server_id = _server_of(tool.name) or next(iter(toolsets), "")
        offered_by[tool.name] = server_id
        offered.append(
            {
                "name": tool.name,
                "serverId": server_id,
                "toolName": tool.name,
                **({"description": tool.description} if tool.description else {}),
                "parameters": tool.parameters_json_schema,
            }
        )
    return {"tools": offered}


async def model_call(request: dict[str, Any]) -> dict[str, Any]:
    """Runs the agent with a model that calls the named tool; reads what the agent sends back."""
    name = request["name"]
    arguments = request.get("arguments") or {}
    answer: dict[str, Any] = {}

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if not answer.get("called"):
            answer["called"] = True
            return ModelResponse(parts=[ToolCallPart(name, arguments, tool_call_id="toolshift-1")])
        for part in messages[-1].parts:
            if isinstance(part, ToolReturnPart):
                answer.update(isError=False, text=part.model_response_str())
            elif isinstance(part, RetryPromptPart):
                answer.update(isError=True, text=part.model_response())
        return ModelResponse(parts=[TextPart("done")])

    try:
        await _agent(FunctionModel(model)).run("toolshift model call")
    except Exception as error:  # the agent gave up (e.g. retries exhausted): the error is what the host sees
        answer.update(isError=True, text=f"{type(error).__name__}: {error}")
    server_id = offered_by.get(name) or _server_of(name)
    return {
        "isError": bool(answer.get("isError", True)),
        "text": str(answer.get("text", "")),
        **({"routedTo": {"serverId": server_id, "toolName": name}} if server_id else {}),
    }


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
            ["multi-server", "bearer-auth", "reauthorize", "model-exposure"],
            {
                "connect": connect,
                "call": call,
                "reauthorize": reauthorize,
                "model-request": model_request,
                "model-call": model_call,
            },
            shutdown,
        )
    )
