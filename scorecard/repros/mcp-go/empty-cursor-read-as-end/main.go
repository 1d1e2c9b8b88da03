// Reproduction: mcp-go v1.2.1 reads an empty-string nextCursor as the end of a listing on a
// 2026-07-28 connection (MCP 2026-07-28, server/utilities/pagination, Implementation Guidelines:
// "an empty string is a valid cursor and thus MUST NOT be treated as the end of results").
//
// The minimal server below (net/http only) speaks 2026-07-28 alone: server/discover, then
// tools/list in two pages. Page one (no cursor) holds "alpha" and nextCursor ""; the request with
// cursor "" gets page two, "beta", and no nextCursor. The client lists with the library's
// documented Client.ListTools, which "auto-fetches all pages". A correct client asks for the page
// at cursor "".
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

type server struct {
	mu    sync.Mutex
	lists []string // the cursor of each tools/list request ("(none)" when absent)
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var msg struct {
		ID     json.RawMessage            `json:"id"`
		Method string                     `json:"method"`
		Params map[string]json.RawMessage `json:"params"`
	}
	_ = json.Unmarshal(body, &msg)
	if msg.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch msg.Method {
	case "server/discover":
		reply(w, msg.ID, map[string]any{"supportedVersions": []string{"2026-07-28"},
			"capabilities": map[string]any{"tools": map[string]any{}},
			"_meta":        map[string]any{"io.modelcontextprotocol/serverInfo": map[string]any{"name": "repro", "version": "1"}}})
	case "tools/list":
		cursor, hasCursor := msg.Params["cursor"]
		s.mu.Lock()
		if hasCursor {
			s.lists = append(s.lists, string(cursor))
		} else {
			s.lists = append(s.lists, "(none)")
		}
		s.mu.Unlock()
		if !hasCursor {
			fmt.Println(`server: tools/list without cursor -> [alpha], nextCursor ""`)
			reply(w, msg.ID, map[string]any{"tools": []any{tool("alpha")}, "nextCursor": ""})
			return
		}
		fmt.Printf("server: tools/list with cursor %s -> [beta], no nextCursor\n", cursor)
		reply(w, msg.ID, map[string]any{"tools": []any{tool("beta")}})
	default:
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID,
			"error": map[string]any{"code": -32601, "message": "method not found: " + msg.Method}})
	}
}

func tool(name string) map[string]any {
	return map[string]any{"name": name, "inputSchema": map[string]any{"type": "object"}}
}

func reply(w http.ResponseWriter, id json.RawMessage, result map[string]any) {
	result["resultType"] = "complete"
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
	httpTransport, err := transport.NewStreamableHTTP(url)
	if err != nil {
		panic(err)
	}
	c := client.NewClient(httpTransport)
	if err := c.Start(ctx); err != nil {
		fmt.Println("error: start:", err)
		os.Exit(2)
	}
	var initialize mcp.InitializeRequest
	initialize.Params.ClientInfo = mcp.Implementation{Name: "repro-client", Version: "1"}
	if _, err := c.Initialize(ctx, initialize); err != nil {
		fmt.Println("error: initialize:", err)
		os.Exit(2)
	}
	version := c.ProtocolVersion()
	result, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		fmt.Println("error: tools:", err)
		os.Exit(2)
	}
	_ = c.Close()
	var names []string
	for _, tool := range result.Tools {
		names = append(names, tool.Name)
	}
	fmt.Printf("client: protocol version %s, tools %v\n", version, names)
	if version != "2026-07-28" {
		fmt.Println("error: the connection did not speak 2026-07-28")
		os.Exit(2)
	}

	srv.mu.Lock()
	defer srv.mu.Unlock()
	if len(names) == 2 {
		fmt.Printf("NOT REPRODUCED: the client followed nextCursor \"\" and got both pages (tools/list cursors: %s)\n", strings.Join(srv.lists, ", "))
		os.Exit(1)
	}
	fmt.Printf("REPRODUCED: nextCursor \"\" was read as the end of results: %d tools/list request(s) (cursors: %s), tools %v, beta never listed\n", len(srv.lists), strings.Join(srv.lists, ", "), names)
}
