// Reproduction: go-sdk v1.8.0 never starts a new session after the server answers 404 to its
// session id (MCP 2025-11-25, basic/transports, Session Management, item 4: "When a client
// receives HTTP 404 in response to a request containing an MCP-Session-Id, it MUST start a new
// session by sending a new InitializeRequest without a session ID attached.").
//
// The minimal server below (net/http only) speaks 2025-11-25: initialize hands out a session id,
// tools/list answers one tool, and after the first listing it forgets the session, answering 404
// to that id as the spec says. The client lists the tools three times with the SDK's documented
// API (ClientSession.Tools). A correct client sends a second initialize after the 404.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type server struct {
	mu          sync.Mutex
	sessions    int    // sessions handed out so far
	live        string // the one live session id ("" when forgotten)
	initializes int
	lists       int
	notFound    int
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.Method == http.MethodDelete {
		w.WriteHeader(http.StatusOK)
		return
	}
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed) // no standalone GET stream
		return
	}
	body, _ := io.ReadAll(r.Body)
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	_ = json.Unmarshal(body, &msg)
	sid := r.Header.Get("Mcp-Session-Id")
	if msg.Method == "initialize" {
		s.initializes++
		s.sessions++
		s.live = fmt.Sprintf("session-%d", s.sessions)
		fmt.Printf("server: initialize #%d (Mcp-Session-Id sent: %q) -> new session %s\n", s.initializes, sid, s.live)
		w.Header().Set("Mcp-Session-Id", s.live)
		reply(w, msg.ID, map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{"tools": map[string]any{}},
			"serverInfo": map[string]any{"name": "repro", "version": "1"}})
		return
	}
	if sid == "" || sid != s.live {
		s.notFound++
		fmt.Printf("server: %s with unknown session %q -> 404\n", msg.Method, sid)
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	if msg.ID == nil { // a notification (notifications/initialized)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if msg.Method == "tools/list" {
		s.lists++
		fmt.Printf("server: tools/list on %s -> 1 tool; then the server forgets %s\n", sid, sid)
		reply(w, msg.ID, map[string]any{"tools": []any{map[string]any{"name": "echo", "inputSchema": map[string]any{"type": "object"}}}})
		s.live = "" // the session ends: every later request with its id gets 404
		return
	}
	reply(w, msg.ID, map[string]any{})
}

func reply(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func main() {
	srv := &server{}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go http.Serve(listener, srv)
	url := "http://" + listener.Addr().String() + "/mcp"

	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "repro-client", Version: "1"}, nil)
	session, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url},
		&mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		fmt.Println("error: connect:", err)
		os.Exit(2)
	}
	for i := 1; i <= 3; i++ {
		n := 0
		var listErr error
		for _, err := range session.Tools(ctx, nil) {
			if err != nil {
				listErr = err
				break
			}
			n++
		}
		fmt.Printf("client: listing %d: %d tool(s), error: %v\n", i, n, listErr)
	}
	_ = session.Close()

	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.initializes >= 2 {
		fmt.Printf("NOT REPRODUCED: after the 404 the client sent a new initialize (%d in all)\n", srv.initializes)
		os.Exit(1)
	}
	fmt.Printf("REPRODUCED: the server answered 404 for the session %d time(s), but the client sent only %d initialize and never started a new session\n", srv.notFound, srv.initializes)
}
