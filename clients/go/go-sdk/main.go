// Command go-sdk is the toolshift driver for github.com/modelcontextprotocol/go-sdk, used as its docs
// show a host using it: one mcp.Client, one ClientSession per server over a
// StreamableClientTransport whose http.Client sends the bearer token, and the tool set a host hands
// its model read with the session's Tools iterator (every page). The SDK does not re-list by
// itself when the server announces a change: it calls the host's ToolListChangedHandler (and, on a
// 2026-07-28 session, opens subscriptions/listen only when one is set) and leaves listing again to
// the host. So this host registers a handler that only notes the signal, and lists again before
// every model request (and on a manual refresh): "pass by re-asking" where it passes.
package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"toolshift.dev/clients/go/internal/command"
)

const name = "go-sdk"

// legacyRevision is the protocol revision a legacy cell pins (the SDK prefers its latest otherwise).
const legacyRevision = "2025-11-25"

type connection struct {
	serverID string
	url      string
	era      string

	mu      sync.Mutex
	token   string
	session *mcp.ClientSession
	tools   []*mcp.Tool
}

// bearer adds the connection's current token to every request.
type bearer struct{ c *connection }

func (b bearer) RoundTrip(request *http.Request) (*http.Response, error) {
	b.c.mu.Lock()
	token := b.c.token
	b.c.mu.Unlock()
	if token != "" {
		request = request.Clone(request.Context())
		request.Header.Set("Authorization", "Bearer "+token)
	}
	return http.DefaultTransport.RoundTrip(request)
}

var (
	// The SDK's change signal: with a ToolListChangedHandler it subscribes on 2026-07-28 sessions and
	// evicts its response cache on a change; the handler only notes the signal (no re-list in it).
	client = mcp.NewClient(&mcp.Implementation{Name: "toolshift-go-sdk-driver", Version: "1.0.0"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			command.Note("notifications/tools/list_changed received (the host lists again before its next model request)")
		},
	})

	mu          sync.Mutex
	connections = map[string]*connection{}
	order       []string
)

func (c *connection) open() error {
	var options *mcp.ClientSessionOptions
	if c.era == "legacy" {
		options = &mcp.ClientSessionOptions{ProtocolVersion: legacyRevision}
	}
	transport := &mcp.StreamableClientTransport{Endpoint: c.url, HTTPClient: &http.Client{Transport: bearer{c}}}
	session, err := client.Connect(context.Background(), transport, options)
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.session = session
	c.mu.Unlock()
	return nil
}

// list reads every page with the session's Tools iterator and reports the set the host now holds.
func (c *connection) list() ([]*mcp.Tool, error) {
	c.mu.Lock()
	session := c.session
	c.mu.Unlock()
	if session == nil {
		return nil, fmt.Errorf("%s is not connected", c.serverID)
	}
	var tools []*mcp.Tool
	for tool, err := range session.Tools(context.Background(), nil) {
		if err != nil {
			return nil, err
		}
		tools = append(tools, tool)
	}
	c.mu.Lock()
	c.tools = tools
	c.mu.Unlock()
	exposed := make([]command.ExposedTool, 0, len(tools))
	for _, tool := range tools {
		exposed = append(exposed, command.ExposedTool{Name: tool.Name, Description: tool.Description, InputSchema: tool.InputSchema})
	}
	command.Expose(c.serverID, exposed)
	return tools, nil
}

func lookup(serverID string) (*connection, error) {
	mu.Lock()
	defer mu.Unlock()
	if c, ok := connections[serverID]; ok {
		return c, nil
	}
	return nil, fmt.Errorf("unknown server %q", serverID)
}

func connect(r command.Request) (any, error) {
	c := &connection{serverID: r.ServerID, url: r.URL, era: r.Era, token: r.BearerToken}
	mu.Lock()
	if _, seen := connections[r.ServerID]; !seen {
		order = append(order, r.ServerID)
	}
	connections[r.ServerID] = c
	mu.Unlock()
	if err := c.open(); err != nil {
		return nil, command.Phase("connect", err)
	}
	if _, err := c.list(); err != nil {
		return nil, command.Phase("tool-set", err)
	}
	return nil, nil
}

func call(r command.Request) (any, error) {
	c, err := lookup(r.ServerID)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	session := c.session
	c.mu.Unlock()
	if session == nil {
		return nil, command.Phase("call", fmt.Errorf("%s is not connected", c.serverID))
	}
	return session.CallTool(context.Background(), &mcp.CallToolParams{Name: r.Tool, Arguments: r.Arguments})
}

func refresh(r command.Request) (any, error) {
	c, err := lookup(r.ServerID)
	if err != nil {
		return nil, err
	}
	_, err = c.list()
	return nil, err
}

func reconnect(r command.Request) (any, error) {
	c, err := lookup(r.ServerID)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	old := c.session
	c.session = nil
	c.mu.Unlock()
	if old != nil {
		_ = old.Close()
	}
	if err := c.open(); err != nil {
		return nil, command.Phase("connect", err)
	}
	_, err = c.list()
	return nil, err
}

func reauthorize(r command.Request) (any, error) {
	c, err := lookup(r.ServerID)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.token = r.BearerToken
	c.mu.Unlock()
	return nil, nil
}

func servers() []*connection {
	mu.Lock()
	defer mu.Unlock()
	list := make([]*connection, 0, len(order))
	for _, id := range order {
		list = append(list, connections[id])
	}
	return list
}

// modelRequest lists every server again right now: the tools a host hands its model.
func modelRequest(command.Request) (any, error) {
	offered := []command.ModelTool{}
	for _, c := range servers() {
		tools, err := c.list()
		if err != nil {
			return nil, command.Phase("model-request", fmt.Errorf("%s: %w", c.serverID, err))
		}
		for _, tool := range tools {
			offered = append(offered, command.ModelTool{Name: tool.Name, ServerID: c.serverID, ToolName: tool.Name, Description: tool.Description, Parameters: tool.InputSchema})
		}
	}
	return map[string]any{"tools": offered}, nil
}

// modelCall routes a model's tool call to the first server whose last listing has that name.
func modelCall(r command.Request) (any, error) {
	for _, c := range servers() {
		c.mu.Lock()
		session, known := c.session, false
		for _, tool := range c.tools {
			known = known || tool.Name == r.Name
		}
		c.mu.Unlock()
		if !known || session == nil {
			continue
		}
		result, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: r.Name, Arguments: r.Arguments})
		if err != nil {
			return nil, command.Phase("call", err)
		}
		var text []string
		for _, content := range result.Content {
			if t, ok := content.(*mcp.TextContent); ok {
				text = append(text, t.Text)
			}
		}
		return map[string]any{
			"isError":  result.IsError,
			"text":     strings.Join(text, "\n"),
			"routedTo": map[string]string{"serverId": c.serverID, "toolName": r.Name},
		}, nil
	}
	return map[string]any{"isError": true, "text": "unknown tool " + r.Name}, nil
}

func shutdown() {
	var errs []error
	for _, c := range servers() {
		c.mu.Lock()
		session := c.session
		c.mu.Unlock()
		if session != nil {
			errs = append(errs, session.Close())
		}
	}
	_ = errors.Join(errs...)
}

func main() {
	command.Serve(name,
		[]string{"multi-server", "bearer-auth", "reauthorize", "model-exposure", "manual-refresh", "reconnect"},
		map[string]command.Handler{
			"connect":       connect,
			"call":          call,
			"refresh":       refresh,
			"reconnect":     reconnect,
			"reauthorize":   reauthorize,
			"model-request": modelRequest,
			"model-call":    modelCall,
		},
		shutdown)
}
