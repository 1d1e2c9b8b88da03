"""A minimal MCP server (2025-11-25, Streamable HTTP, JSON responses), standard library only.

It serves one tool, `echo`. The first `tools/call` of a session ends that session: the server
answers it, and every later request carrying that `Mcp-Session-Id`, with HTTP 404 (spec 2025-11-25
basic/transports, Session Management 3: after terminating a session the server MUST answer 404).
A new `initialize` (without a session id) opens a fresh session that works. `initializes` counts
the handshakes, so a reproduction can tell whether the client started over.
"""

from __future__ import annotations

import itertools
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROTOCOL = "2025-11-25"


class State:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ids = itertools.count(1)
        self.live: set[str] = set()
        self.ended: set[str] = set()
        self.initializes = 0
        self.log: list[str] = []


def make_server(port: int = 0) -> tuple[ThreadingHTTPServer, State]:
    state = State()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:  # quiet
            pass

        def _send(self, status: int, body: object | None = None, session: str | None = None) -> None:
            data = b"" if body is None else json.dumps(body).encode()
            self.send_response(status)
            if body is not None:
                self.send_header("Content-Type", "application/json")
            if session:
                self.send_header("Mcp-Session-Id", session)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # no server-initiated stream
            self._send(405)

        def do_DELETE(self) -> None:
            session = self.headers.get("Mcp-Session-Id")
            with state.lock:
                state.log.append(f"DELETE session={session}")
                known = session in state.live
                state.live.discard(session or "")
            self._send(200 if known else 404)

        def do_POST(self) -> None:
            message = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
            session = self.headers.get("Mcp-Session-Id")
            method = message.get("method")
            with state.lock:
                state.log.append(f"POST {method} session={session}")
                if method == "initialize" and session is None:
                    state.initializes += 1
                    new = f"session-{next(state.ids)}"
                    state.live.add(new)
                    result = {"protocolVersion": PROTOCOL, "capabilities": {"tools": {}}, "serverInfo": {"name": "repro", "version": "1"}}
                    return self._send(200, {"jsonrpc": "2.0", "id": message["id"], "result": result}, new)
                if session not in state.live:
                    return self._send(404, {"jsonrpc": "2.0", "id": message.get("id"), "error": {"code": -32001, "message": "Session not found"}})
                if "id" not in message:
                    return self._send(202)
                if method == "tools/list":
                    tools = [{"name": "echo", "inputSchema": {"type": "object"}}]
                    return self._send(200, {"jsonrpc": "2.0", "id": message["id"], "result": {"tools": tools}})
                if method == "tools/call":
                    if session not in state.ended and len(state.ended) == 0:
                        # The server ends the first session here (a restart, an idle timeout).
                        state.live.discard(session)
                        state.ended.add(session)
                        return self._send(404, {"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32001, "message": "Session not found"}})
                    text = {"type": "text", "text": "ok"}
                    return self._send(200, {"jsonrpc": "2.0", "id": message["id"], "result": {"content": [text]}})
                return self._send(200, {"jsonrpc": "2.0", "id": message["id"], "result": {}})

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    return server, state


if __name__ == "__main__":
    server, _ = make_server(8765)
    print("listening on http://127.0.0.1:8765/mcp")
    server.serve_forever()
