// Command mcp-go is the toolshift driver for github.com/mark3labs/mcp-go, used as its docs show a host
// using it: per server a client.Client over transport.NewStreamableHTTP (the bearer token through
// WithHTTPHeaderFunc), Start and Initialize (which probes server/discover and falls back to the
// handshake; a legacy cell pins 2025-11-25 with WithProtocolVersion), and ListTools, which follows
// every page. The library does not re-list by itself when the server announces a change: it hands
// notifications to OnNotification handlers and, on 2026-07-28, delivers them only through the
// ListenAsync subscription the docs show. This host opens that subscription, notes each signal and
// lists again before every model request (and on a manual refresh): "pass by re-asking" where it
// passes. When a request fails with transport.ErrSessionTerminated (the server answered 404 for
// the session), the host calls Initialize again, as the library's transports page shows ("If the
// session is terminated, you must reinitialize the client"); the failed request is not retried.
package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"toolshift.dev/clients/go/internal/command"
)

const name = "mcp-go"

type connection struct {
	serverID string
	url      string
	era      string

	mu         sync.Mutex
	token      string
	client     *client.Client
	stopListen func()
	tools      []mcp.Tool
}

var (
	mu          sync.Mutex
	connections = map[string]*connection{}
	order       []string
)

func (c *connection) open() error {
	ctx := context.Background()
	httpTransport, err := transport.NewStreamableHTTP(c.url, transport.WithHTTPHeaderFunc(func(context.Context) map[string]string {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.token == "" {
			return nil
		}
		return map[string]string{"Authorization": "Bearer " + c.token}
	}))
	if err != nil {
		return err
	}
	var options []client.ClientOption
	if c.era == "legacy" {
		options = append(options, client.WithProtocolVersion(mcp.ProtocolVersion20251125))
	}
	mcpClient := client.NewClient(httpTransport, options...)
	mcpClient.OnNotification(func(notification mcp.JSONRPCNotification) {
		if notification.Method == string(mcp.MethodNotificationToolsListChanged) {
			command.Note("%s: notifications/tools/list_changed received (the host lists again before its next model request)", c.serverID)
		}
	})
	if err := mcpClient.Start(ctx); err != nil {
		return err
	}
	if _, err := mcpClient.Initialize(ctx, initializeRequest()); err != nil {
		_ = mcpClient.Close()
		return err
	}
	var stop func()
	if strings.Compare(mcpClient.ProtocolVersion(), mcp.ProtocolVersion20260728) >= 0 {
		stop, err = mcpClient.ListenAsync(ctx, mcp.SubscriptionFilter{ToolsListChanged: true}, func(err error) {
			command.Note("%s: subscription stream ended: %v", c.serverID, err)
		})
		if err != nil {
			command.Note("%s: subscriptions/listen failed: %v", c.serverID, err)
		}
	}
	c.mu.Lock()
	c.client, c.stopListen = mcpClient, stop
	c.mu.Unlock()
	return nil
}

func initializeRequest() mcp.InitializeRequest {
	var request mcp.InitializeRequest
	request.Params.ClientInfo = mcp.Implementation{Name: "toolshift-mcp-go-driver", Version: "1.0.0"}
	return request
}

// afterError is the host step the library documents for a lost session (www/docs/pages/clients/
// transports.mdx, "StreamableHTTP With Preconfigured Session"): on ErrSessionTerminated, Initialize
// again. It returns err unchanged: the failed request is not retried.
func (c *connection) afterError(mcpClient *client.Client, err error) error {
	if errors.Is(err, transport.ErrSessionTerminated) {
		if _, initErr := mcpClient.Initialize(context.Background(), initializeRequest()); initErr != nil {
			command.Note("%s: Initialize after the session ended failed: %v", c.serverID, initErr)
		}
	}
	return err
}

func (c *connection) close() {
	c.mu.Lock()
	mcpClient, stop := c.client, c.stopListen
	c.client, c.stopListen = nil, nil
	c.mu.Unlock()
	if stop != nil {
		stop()
	}
	if mcpClient != nil {
		_ = mcpClient.Close()
	}
}

func (c *connection) current() (*client.Client, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.client == nil {
		return nil, fmt.Errorf("%s is not connected", c.serverID)
	}
	return c.client, nil
}

// list reads every page with ListTools and reports the set the host now holds.
func (c *connection) list() ([]mcp.Tool, error) {
	mcpClient, err := c.current()
	if err != nil {
		return nil, err
	}
	result, err := mcpClient.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		return nil, c.afterError(mcpClient, err)
	}
	c.mu.Lock()
	c.tools = result.Tools
	c.mu.Unlock()
	exposed := make([]command.ExposedTool, 0, len(result.Tools))
	for _, tool := range result.Tools {
		exposed = append(exposed, command.ExposedTool{Name: tool.Name, Description: tool.Description, InputSchema: schemaOf(tool)})
	}
	command.Expose(c.serverID, exposed)
	return result.Tools, nil
}

// schemaOf is the tool's inputSchema as the server sent it (RawInputSchema when the library kept it raw).
func schemaOf(tool mcp.Tool) any {
	if len(tool.RawInputSchema) > 0 {
		return tool.RawInputSchema
	}
	return tool.InputSchema
}

func lookup(serverID string) (*connection, error) {
	mu.Lock()
	defer mu.Unlock()
	if c, ok := connections[serverID]; ok {
		return c, nil
	}
	return nil, fmt.Errorf("unknown server %q", serverID)
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

func (c *connection) callTool(mcpClient *client.Client, tool string, arguments map[string]any) (*mcp.CallToolResult, error) {
	var request mcp.CallToolRequest
	request.Params.Name = tool
	request.Params.Arguments = arguments
	result, err := mcpClient.CallTool(context.Background(), request)
	if err != nil {
		return nil, c.afterError(mcpClient, err)
	}
	return result, nil
}

func call(r command.Request) (any, error) {
	c, err := lookup(r.ServerID)
	if err != nil {
		return nil, err
	}
	mcpClient, err := c.current()
	if err != nil {
		return nil, command.Phase("call", err)
	}
	return c.callTool(mcpClient, r.Tool, r.Arguments)
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
	c.close()
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

// modelRequest lists every server again right now: the tools a host hands its model.
func modelRequest(command.Request) (any, error) {
	offered := []command.ModelTool{}
	for _, c := range servers() {
		tools, err := c.list()
		if err != nil {
			return nil, command.Phase("model-request", fmt.Errorf("%s: %w", c.serverID, err))
		}
		for _, tool := range tools {
			offered = append(offered, command.ModelTool{Name: tool.Name, ServerID: c.serverID, ToolName: tool.Name, Description: tool.Description, Parameters: schemaOf(tool)})
		}
	}
	return map[string]any{"tools": offered}, nil
}

// modelCall routes a model's tool call to the first server whose last listing has that name.
func modelCall(r command.Request) (any, error) {
	for _, c := range servers() {
		c.mu.Lock()
		mcpClient, known := c.client, false
		for _, tool := range c.tools {
			known = known || tool.Name == r.Name
		}
		c.mu.Unlock()
		if !known || mcpClient == nil {
			continue
		}
		result, err := c.callTool(mcpClient, r.Name, r.Arguments)
		if err != nil {
			return nil, command.Phase("call", err)
		}
		var text []string
		for _, content := range result.Content {
			if t, ok := mcp.AsTextContent(content); ok {
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
	for _, c := range servers() {
		c.close()
	}
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
