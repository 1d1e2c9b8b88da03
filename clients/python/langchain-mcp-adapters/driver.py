"""toolshift driver for `langchain-mcp-adapters` (PyPI), as its README shows a host using it.

A `MultiServerMCPClient` built from the host's server configuration (each server
`{"transport": "streamable_http", "url": …, "headers": {"Authorization": …}}`), and the tools a host
hands its model from `await client.get_tools(...)`: LangChain tools whose model-facing definition
LangChain builds (`convert_to_openai_tool`). The adapter opens a new session for every `get_tools`
and every tool call and has no change handling: a tool set is what the last `get_tools` returned.
So this host calls `get_tools` again before every model request (and on a manual refresh): "pass by
re-asking" where it passes. It pins `mcp` 1.x, which speaks 2025-11-25 only.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import toolshift_command as protocol  # noqa: E402

NAME = "langchain-mcp-adapters"
FEATURES = ["multi-server", "bearer-auth", "reauthorize", "model-exposure", "manual-refresh", "reconnect"]
ERAS = ["legacy"]
# The handshake goes out before the library's imports, which take seconds on a busy machine.
protocol.announce(NAME, FEATURES, ERAS)

from langchain_core.tools import ToolException  # noqa: E402
from langchain_core.utils.function_calling import convert_to_openai_tool  # noqa: E402
from langchain_mcp_adapters.client import MultiServerMCPClient  # noqa: E402


#: The host's server configuration, in connect order.
servers: dict[str, dict[str, Any]] = {}
#: The LangChain tools of each server's last `get_tools`.
tools_of: dict[str, list[Any]] = {}


def _client() -> MultiServerMCPClient:
    return MultiServerMCPClient(servers)  # type: ignore[arg-type]


def _definition(tool: Any) -> dict[str, Any]:
    """The function definition LangChain sends a chat model for this tool."""
    return convert_to_openai_tool(tool)["function"]


async def _get_tools(server_id: str) -> list[Any]:
    tools = await _client().get_tools(server_name=server_id)
    tools_of[server_id] = tools
    exposed = []
    for tool in tools:
        definition = _definition(tool)
        exposed.append(
            {
                "name": tool.name,
                **({"description": definition["description"]} if definition.get("description") else {}),
                "inputSchema": definition.get("parameters", {}),
            }
        )
    protocol.expose(server_id, exposed)
    return tools


def _headers(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


async def connect(request: dict[str, Any]) -> None:
    server_id = request["serverId"]
    servers[server_id] = {"transport": "streamable_http", "url": request["url"], "headers": _headers(request.get("bearerToken"))}
    try:
        await _get_tools(server_id)
    except Exception as error:
        raise protocol.PhaseError(f"{type(error).__name__}: {error}", "connect") from error


def _find(server_id: str, name: str) -> Any:
    for tool in tools_of.get(server_id, []):
        if tool.name == name:
            return tool
    return None


async def _invoke(tool: Any, arguments: dict[str, Any]) -> tuple[bool, str]:
    try:
        output = await tool.ainvoke(arguments)
    except ToolException as error:
        return True, str(error)
    if isinstance(output, tuple):
        output = output[0]
    if isinstance(output, list):
        return False, "\n".join(block.get("text", "") if isinstance(block, dict) else str(block) for block in output)
    return False, str(output)


async def call(request: dict[str, Any]) -> Any:
    tool = _find(request["serverId"], request["tool"])
    if tool is None:
        raise protocol.PhaseError(f"{request['tool']} is not among the tools get_tools returned", "call")
    is_error, text = await _invoke(tool, request.get("arguments") or {})
    return {"content": [{"type": "text", "text": text}], "isError": is_error}


async def refresh(request: dict[str, Any]) -> None:
    await _get_tools(request["serverId"])


async def reconnect(request: dict[str, Any]) -> None:
    # Every get_tools opens a new session: reconnecting is listing again.
    await _get_tools(request["serverId"])


async def reauthorize(request: dict[str, Any]) -> None:
    servers[request["serverId"]]["headers"] = _headers(request["bearerToken"])


async def model_request(_request: dict[str, Any]) -> dict[str, Any]:
    """The tools a host hands its model: get_tools again for every server, as LangChain defines them."""
    offered: list[dict[str, Any]] = []
    for server_id in list(servers):
        try:
            tools = await _get_tools(server_id)
        except Exception as error:
            raise protocol.PhaseError(f"{server_id}: {type(error).__name__}: {error}", "model-request") from error
        for tool in tools:
            definition = _definition(tool)
            offered.append(
                {
                    "name": definition["name"],
                    "serverId": server_id,
                    "toolName": tool.name,
                    **({"description": definition["description"]} if definition.get("description") else {}),
                    "parameters": definition.get("parameters", {}),
                }
            )
    return {"tools": offered}


async def model_call(request: dict[str, Any]) -> dict[str, Any]:
    """Runs the LangChain tool the model named (the first server whose last get_tools has it)."""
    name = request["name"]
    for server_id, tools in tools_of.items():
        for tool in tools:
            if tool.name == name:
                is_error, text = await _invoke(tool, request.get("arguments") or {})
                return {"isError": is_error, "text": text, "routedTo": {"serverId": server_id, "toolName": name}}
    return {"isError": True, "text": f"unknown tool {name}"}


async def shutdown() -> None:
    return None


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
            eras=ERAS,
        )
    )
