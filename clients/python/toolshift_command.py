"""The toolshift command-client protocol (version 1) for Python drivers.

toolshift spawns a driver once per cell and talks to it in newline-delimited JSON: it writes requests
to the driver's stdin, the driver writes its handshake, responses and reports to stdout (one object
per line). The protocol is documented in the repo README ("A client program in any language") and in
`packages/scenarios/src/adapters/command/command-protocol.ts`. This module is only the protocol
part: each driver in `clients/python/<library>/driver.py` supplies the handlers that drive its
library.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import traceback
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

PROTOCOL_VERSION = 1

Handler = Callable[[dict[str, Any]], Awaitable[Any]]


class UnsupportedRequest(Exception):
    """A request type this driver does not implement (answered with code `UNSUPPORTED_REQUEST`)."""


class PhaseError(Exception):
    """A failed request whose phase of the client's work is known (`connect`, `tool-set`, `model-request`, `call`)."""

    def __init__(self, message: str, phase: str) -> None:
        super().__init__(message)
        self.phase = phase


def send(message: dict[str, Any]) -> None:
    """Writes one protocol message as a single JSON line on stdout."""
    sys.stdout.write(json.dumps(message, default=_jsonable, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def _jsonable(value: Any) -> Any:
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json", by_alias=True, exclude_none=True)
    return str(value)


def note(text: str) -> None:
    """Free-form evidence for the cell's observations."""
    send({"type": "note", "text": text})


def warning(server_id: str, message: str, tool_name: str | None = None) -> None:
    """A warning the client shows its user."""
    send({"type": "warning", "serverId": server_id, "message": message, **({"toolName": tool_name} if tool_name else {})})


def expose(server_id: str, tools: Iterable[dict[str, Any]]) -> None:
    """The complete set of tools the client now exposes for one server."""
    send({"type": "tools", "serverId": server_id, "tools": list(tools)})


def era() -> str:
    """The cell's era (`legacy`, `modern` or `dual`), from `TOOLSHIFT_ERA`."""
    return os.environ.get("TOOLSHIFT_ERA", "dual")


_announced = False


def announce(name: str, features: list[str], eras: list[str] | None = None) -> None:
    """Sends the handshake right away, before a driver imports a heavy library (toolshift reads it within 15 s)."""
    global _announced
    send(
        {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "name": name,
            "features": features,
            # The eras the library speaks (absent: every cell runs).
            **({"eras": eras} if eras is not None else {}),
        }
    )
    _announced = True
    if os.environ.get("TOOLSHIFT_PROBE") == "1":
        # The up-front handshake run: toolshift reads the hello line and sends shutdown; leave without
        # loading the library.
        sys.stdin.readline()
        os._exit(0)


def describe(error: BaseException) -> str:
    """An exception's message as a user reads it in a traceback: an exception group (anyio task
    groups wrap a session's errors in one, whose own message is only "unhandled errors in a
    TaskGroup") followed by every error inside it, so the server's words are not lost on the way."""
    message = str(error) or type(error).__name__
    if isinstance(error, BaseExceptionGroup):
        inner = "; ".join(f"{type(each).__name__}: {describe(each)}" for each in error.exceptions)
        message = f"{message}: {inner}"
    return message


async def serve(
    name: str,
    features: list[str],
    handlers: dict[str, Handler],
    shutdown: Callable[[], Awaitable[None]],
    eras: list[str] | None = None,
) -> None:
    """Sends the handshake, then answers every request on stdin with its handler until `shutdown` or EOF.

    Each request runs as its own task, so a slow call never blocks a later request; an exception
    becomes an `ok: false` response (a `PhaseError` carries its phase). A request kind without a
    handler is answered with an error naming it.
    """
    if not _announced:
        announce(name, features, eras)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=64 * 1024 * 1024)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    tasks: set[asyncio.Task[None]] = set()

    async def answer(request: dict[str, Any]) -> None:
        request_id = request.get("id")
        handler = handlers.get(request.get("type", ""))
        try:
            if handler is None:
                raise UnsupportedRequest(f"unsupported request {request.get('type')!r}")
            result = await handler(request)
            send({"type": "response", "id": request_id, "ok": True, **({"result": result} if result is not None else {})})
        except Exception as error:  # boundary: every failure is the request's answer
            message = describe(error)
            sys.stderr.write(f"{request.get('type')} failed: {type(error).__name__}: {message}\n")
            send(
                {
                    "type": "response",
                    "id": request_id,
                    "ok": False,
                    "error": f"{type(error).__name__}: {message}",
                    **({"phase": error.phase} if isinstance(error, PhaseError) else {}),
                    **({"code": "UNSUPPORTED_REQUEST"} if isinstance(error, UnsupportedRequest) else {}),
                }
            )

    while True:
        line = await reader.readline()
        if not line:
            break
        text = line.decode().strip()
        if not text:
            continue
        request = json.loads(text)
        if request.get("type") == "shutdown":
            break
        task = asyncio.create_task(answer(request))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    for task in list(tasks):
        task.cancel()
    try:
        await asyncio.wait_for(shutdown(), timeout=1.5)
    except Exception:  # boundary: a library that cannot close cleanly must not keep the process alive
        sys.stderr.write("".join(traceback.format_exc()))
    sys.stdout.flush()
    os._exit(0)
