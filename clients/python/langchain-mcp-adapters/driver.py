"""toolshift driver for `langchain-mcp-adapters` (PyPI), as its README shows a host using it.

A `MultiServerMCPClient` built from the host's server configuration (each server
`{"transport": "streamable_http", "url": …, "headers": {"Authorization": …}}`), and the tools a host
hands its agent from `await client.get_tools(...)`. A model action is an agent turn the way the
README runs one (`create_agent(model, tools).ainvoke(...)`) with a LangChain chat model on the
cell's fake model provider (`ChatGoogleGenerativeAI` for a `gemini` hint, `ChatOpenAI` otherwise):
the model-facing definitions, the calls and the results sent back are LangChain's, read from the
wire. The adapter opens a new session for every `get_tools`
and every tool call and has no change handling: a tool set is what the last `get_tools` returned.
So this host calls `get_tools` again before every agent turn, on a manual refresh, and when it is
to call a tool its last `get_tools` did not return: "pass by re-asking" where it passes. It pins `mcp` 1.x, which speaks 2025-11-25 only.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import toolshift_command as protocol  # noqa: E402

NAME = "langchain-mcp-adapters"
FEATURES = ["multi-server", "bearer-auth", "reauthorize", "agent-turn", "manual-refresh", "reconnect"]
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
#: The cell's fake model provider, from the first `connect` that names it.
model_target: dict[str, str] = {}
#: The model name sent to the fake provider (any name is served), and the API key it is sent with.
MODEL = "toolshift-model"
FAKE_KEY = "toolshift-fake-key"


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
    if request.get("model") and not model_target:
        model_target.update(request["model"])
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
    server_id = request["serverId"]
    tool = _find(server_id, request["tool"])
    if tool is None:
        # A host that asks for the tools whenever it needs them keeps no standing tool list: a tool
        # its last get_tools did not return is looked up in a new one, as before an agent turn.
        await _get_tools(server_id)
        tool = _find(server_id, request["tool"])
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


def _chat_model(provider: str) -> Any:
    """The host's LangChain chat model for the scenario's provider hint, on the cell's fake provider."""
    if not model_target:
        raise RuntimeError("the harness gave no model provider (connect.model)")
    # Imported with the first agent turn, not at start: the provider SDKs take seconds to import on
    # a busy machine, which would hold up the first connect.
    if provider.startswith("gemini"):
        from langchain_google_genai import ChatGoogleGenerativeAI

        return ChatGoogleGenerativeAI(model=MODEL, google_api_key=FAKE_KEY, base_url=model_target["gemini"], max_retries=0)
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(model=MODEL, base_url=model_target["openai"], api_key=FAKE_KEY, max_retries=0)


async def agent_turn(request: dict[str, Any]) -> dict[str, Any]:
    """One agent turn as the README shows a host running one: `get_tools()` for every server, then
    `create_agent(model, tools).ainvoke(...)` with a chat model on the cell's fake provider. LangChain
    converts the tools for the provider, runs the model's tool calls through the adapter's tools and
    sends the results back; the harness reads all of it from the wire."""
    tools: list[Any] = []
    for server_id in list(servers):
        tools.extend(await _get_tools(server_id))
    from langchain.agents import create_agent  # imported late, as the chat models are

    agent = create_agent(_chat_model(request.get("provider") or "openai"), tools)
    await agent.ainvoke({"messages": [{"role": "user", "content": request["prompt"]}]})
    return {}


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
                "agent-turn": agent_turn,
            },
            shutdown,
            eras=ERAS,
        )
    )
