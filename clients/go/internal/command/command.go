// Package command speaks toolshift's command-client protocol (version 1) for the Go drivers:
// newline-delimited JSON, requests on stdin, the handshake, responses and reports on stdout. The
// protocol is documented in the repo README ("A client program in any language") and in
// packages/scenarios/src/adapters/command/command-protocol.ts. Each driver supplies the handlers
// that drive its library.
package command

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"
)

// ProtocolVersion is the command-client protocol version the drivers speak.
const ProtocolVersion = 1

// Request is one request of the runner (every field of every kind; each kind uses its own).
type Request struct {
	Type        string         `json:"type"`
	ID          int            `json:"id"`
	ServerID    string         `json:"serverId"`
	URL         string         `json:"url"`
	Era         string         `json:"era"`
	Transport   string         `json:"transport"`
	BearerToken string         `json:"bearerToken"`
	Tool        string         `json:"tool"`
	Name        string         `json:"name"`
	Arguments   map[string]any `json:"arguments"`
	Provider    string         `json:"provider"`
	Ms          int            `json:"ms"`
}

// PhaseError is a failed request whose phase of the client's work is known
// (connect, tool-set, model-request, call).
type PhaseError struct {
	Phase string
	Err   error
}

func (e *PhaseError) Error() string { return e.Err.Error() }

// Phase wraps err with the phase it failed in.
func Phase(phase string, err error) error { return &PhaseError{Phase: phase, Err: err} }

// Handler answers one request; its result becomes the response's result (nil for none).
type Handler func(Request) (any, error)

// ExposedTool is one tool of a `tools` report.
type ExposedTool struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	InputSchema any    `json:"inputSchema,omitempty"`
}

// ModelTool is one tool of a model request.
type ModelTool struct {
	Name        string `json:"name"`
	ServerID    string `json:"serverId"`
	ToolName    string `json:"toolName"`
	Description string `json:"description,omitempty"`
	Parameters  any    `json:"parameters,omitempty"`
}

var out = struct {
	sync.Mutex
	w *bufio.Writer
}{w: bufio.NewWriter(os.Stdout)}

// Send writes one protocol message as a single JSON line.
func Send(message any) {
	line, err := json.Marshal(message)
	if err != nil {
		line, _ = json.Marshal(map[string]any{"type": "note", "text": "unencodable message: " + err.Error()})
	}
	out.Lock()
	defer out.Unlock()
	out.w.Write(line)
	out.w.WriteByte('\n')
	out.w.Flush()
}

// Note sends free-form evidence.
func Note(format string, args ...any) {
	Send(map[string]any{"type": "note", "text": fmt.Sprintf(format, args...)})
}

// Warning sends a warning the client shows its user.
func Warning(serverID, message string) {
	Send(map[string]any{"type": "warning", "serverId": serverID, "message": message})
}

// Expose reports the complete set of tools the client now exposes for one server.
func Expose(serverID string, tools []ExposedTool) {
	if tools == nil {
		tools = []ExposedTool{}
	}
	Send(map[string]any{"type": "tools", "serverId": serverID, "tools": tools})
}

// Serve sends the handshake and answers every request with its handler, each in its own
// goroutine, until `shutdown` or the end of stdin; then it calls shutdown (bounded) and exits 0.
func Serve(name string, features []string, handlers map[string]Handler, shutdown func()) {
	Send(map[string]any{"type": "hello", "protocol": ProtocolVersion, "name": name, "features": features})
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for scanner.Scan() {
		var request Request
		if err := json.Unmarshal(scanner.Bytes(), &request); err != nil {
			Note("unreadable request: %v", err)
			continue
		}
		if request.Type == "shutdown" {
			break
		}
		go answer(request, handlers[request.Type])
	}
	done := make(chan struct{})
	go func() { shutdown(); close(done) }()
	select {
	case <-done:
	case <-time.After(1500 * time.Millisecond):
	}
	os.Exit(0)
}

func answer(request Request, handler Handler) {
	if handler == nil {
		Send(map[string]any{"type": "response", "id": request.ID, "ok": false, "code": "UNSUPPORTED_REQUEST", "error": fmt.Sprintf("unsupported request %q", request.Type)})
		return
	}
	result, err := handler(request)
	if err != nil {
		response := map[string]any{"type": "response", "id": request.ID, "ok": false, "error": err.Error()}
		if phased, ok := err.(*PhaseError); ok {
			response["phase"] = phased.Phase
		}
		Send(response)
		return
	}
	response := map[string]any{"type": "response", "id": request.ID, "ok": true}
	if result != nil {
		response["result"] = result
	}
	Send(response)
}
