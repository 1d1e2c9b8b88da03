"""A minimal MCP server for the reproduction: Streamable HTTP, protocol revision 2025-11-25 only, standard
library only. It answers `server/discover` with "method not found" (a 2025-11-25 server), hands out a session
id at `initialize`, serves one tool `echo`, and ends the session right after the first `tools/call`: from then
on every request carrying that session id gets HTTP 404, as the spec says a server answers for an ended
session. It records every request (method, session id, HTTP status) in `LOG`."""

from __future__ import annotations

import json
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG: list[tuple[str, str | None, int]] = []
LIVE: set[str] = set()
ECHO = {"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:  # quiet
        pass

    def reply(self, status: int, body: dict | None = None, session: str | None = None) -> None:
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        if session:
            self.send_header("Mcp-Session-Id", session)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # no standalone SSE stream
        self.reply(405)

    def do_DELETE(self) -> None:
        self.reply(200 if self.headers.get("Mcp-Session-Id") in LIVE else 404)

    def do_POST(self) -> None:
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        method, rid = message.get("method", "response"), message.get("id")
        session = self.headers.get("Mcp-Session-Id")

        def answer(status: int, body: dict | None = None, new_session: str | None = None) -> None:
            LOG.append((method, session, status))
            self.reply(status, body, new_session)

        if method == "server/discover":
            return answer(200, {"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "Method not found"}})
        if method == "initialize":
            fresh = uuid.uuid4().hex
            LIVE.add(fresh)
            result = {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}}, "serverInfo": {"name": "repro", "version": "1"}}
            return answer(200, {"jsonrpc": "2.0", "id": rid, "result": result}, fresh)
        if session not in LIVE:  # an ended (or unknown) session: 404
            return answer(404, {"jsonrpc": "2.0", "id": rid, "error": {"code": -32001, "message": "Session not found"}})
        if rid is None:  # a notification
            return answer(202)
        if method == "tools/list":
            return answer(200, {"jsonrpc": "2.0", "id": rid, "result": {"tools": [ECHO]}})
        if method == "tools/call":
            LIVE.discard(session)  # the server ends the session after answering this call
            text = message["params"].get("arguments", {}).get("text", "")
            return answer(200, {"jsonrpc": "2.0", "id": rid, "result": {"content": [{"type": "text", "text": text}]}})
        answer(200, {"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "Method not found"}})


def start() -> str:
    """Starts the server on a free loopback port in a daemon thread; returns its MCP endpoint URL."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/mcp"
