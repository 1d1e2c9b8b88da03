package dev.toolshift.driver;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * toolshift driver for the Java MCP SDK ({@code io.modelcontextprotocol.sdk:mcp}), used as its docs
 * show a host using it: per server an {@link McpSyncClient} built with {@code McpClient.sync} over
 * {@link HttpClientStreamableHttpTransport} (the bearer token added by an HTTP request customizer),
 * {@code initialize()}, and the tool set from {@code listTools()}. The SDK has change handling of its
 * own: on {@code notifications/tools/list_changed} it lists the tools again and hands the new list to
 * the {@code toolsChangeConsumer}; this host exposes what that consumer receives and hands its model
 * the set it holds (no re-listing before a model request). The two paths write one tool list, so the
 * host orders them: a {@code listTools()} answer is kept only when no consumer call came while it was
 * under way (the consumer's list was fetched after a change the listing may predate).
 *
 * <p>The command protocol (newline-delimited JSON on stdin/stdout) is documented in the toolshift
 * README ("A client program in any language").
 */
public final class Driver {
  private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();
  private static final Object OUT = new Object();

  /** One server connection. */
  private static final class Connection {
    final String serverId;
    final String url;
    volatile String token;
    volatile McpSyncClient client;
    volatile List<McpSchema.Tool> tools = List.of();
    /** How many tool lists the toolsChangeConsumer has handed this host. */
    final AtomicLong changes = new AtomicLong();

    Connection(String serverId, String url, String token) {
      this.serverId = serverId;
      this.url = url;
      this.token = token;
    }
  }

  private static final Map<String, Connection> CONNECTIONS = new ConcurrentHashMap<>();
  private static final List<String> ORDER = new CopyOnWriteArrayList<>();

  private Driver() {}

  static void send(Map<String, Object> message) {
    try {
      String line = JSON.writeValueAsString(message);
      synchronized (OUT) {
        System.out.println(line);
        System.out.flush();
      }
    } catch (Exception error) {
      System.err.println("unencodable message: " + error);
    }
  }

  static void note(String text) {
    send(Map.of("type", "note", "text", text));
  }

  static Map<String, Object> toolEntry(McpSchema.Tool tool) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("name", tool.name());
    if (tool.description() != null) entry.put("description", tool.description());
    if (tool.inputSchema() != null) entry.put("inputSchema", tool.inputSchema());
    return entry;
  }

  static void expose(Connection connection, List<McpSchema.Tool> tools) {
    connection.tools = List.copyOf(tools);
    List<Map<String, Object>> exposed = new ArrayList<>();
    for (McpSchema.Tool tool : tools) exposed.add(toolEntry(tool));
    send(Map.of("type", "tools", "serverId", connection.serverId, "tools", exposed));
  }

  /** The toolsChangeConsumer: the SDK's own listing after notifications/tools/list_changed. */
  static void changed(Connection connection, List<McpSchema.Tool> tools) {
    synchronized (connection) {
      connection.changes.incrementAndGet();
      expose(connection, tools);
    }
  }

  /** The host's own listTools(): kept unless the consumer handed a list while it was under way. */
  static void listed(Connection connection, long changesBefore, List<McpSchema.Tool> tools) {
    synchronized (connection) {
      if (connection.changes.get() == changesBefore) expose(connection, tools);
      else note(connection.serverId + ": listTools() answer dropped: the toolsChangeConsumer handed a newer list meanwhile");
    }
  }

  static void listTools(Connection connection) {
    long changesBefore = connection.changes.get();
    listed(connection, changesBefore, connection.client.listTools().tools());
  }

  /** A failed request with the phase it failed in. */
  static final class PhaseException extends RuntimeException {
    final String phase;

    PhaseException(String phase, String message, Throwable cause) {
      super(message, cause);
      this.phase = phase;
    }
  }

  static void open(Connection connection) {
    URI uri = URI.create(connection.url);
    String base = uri.getScheme() + "://" + uri.getRawAuthority();
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(base)
            .endpoint(uri.getRawPath())
            .httpRequestCustomizer(
                (builder, method, endpoint, body, context) -> {
                  String token = connection.token;
                  if (token != null) builder.header("Authorization", "Bearer " + token);
                })
            .build();
    McpSyncClient client =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(20))
            .clientInfo(new McpSchema.Implementation("toolshift-java-mcp-driver", "1.0.0"))
            .toolsChangeConsumer(tools -> changed(connection, tools))
            .build();
    try {
      client.initialize();
    } catch (RuntimeException error) {
      client.close();
      throw new PhaseException("connect", String.valueOf(error.getMessage()), error);
    }
    connection.client = client;
    try {
      listTools(connection);
    } catch (RuntimeException error) {
      throw new PhaseException("tool-set", String.valueOf(error.getMessage()), error);
    }
  }

  static Connection connection(Map<String, Object> request) {
    Connection connection = CONNECTIONS.get(String.valueOf(request.get("serverId")));
    if (connection == null) throw new IllegalStateException("unknown server " + request.get("serverId"));
    return connection;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> arguments(Object value) {
    return value instanceof Map ? (Map<String, Object>) value : Map.of();
  }

  static Object handle(Map<String, Object> request) {
    String type = String.valueOf(request.get("type"));
    switch (type) {
      case "connect": {
        String serverId = String.valueOf(request.get("serverId"));
        Connection connection =
            new Connection(serverId, String.valueOf(request.get("url")), (String) request.get("bearerToken"));
        CONNECTIONS.put(serverId, connection);
        if (!ORDER.contains(serverId)) ORDER.add(serverId);
        open(connection);
        return null;
      }
      case "call": {
        Connection connection = connection(request);
        return connection.client.callTool(
            new McpSchema.CallToolRequest(String.valueOf(request.get("tool")), arguments(request.get("arguments"))));
      }
      case "refresh": {
        listTools(connection(request));
        return null;
      }
      case "reconnect": {
        Connection connection = connection(request);
        McpSyncClient old = connection.client;
        if (old != null) old.close();
        open(connection);
        return null;
      }
      case "reauthorize": {
        connection(request).token = (String) request.get("bearerToken");
        return null;
      }
      case "model-request": {
        List<Map<String, Object>> offered = new ArrayList<>();
        for (String id : ORDER) {
          for (McpSchema.Tool tool : CONNECTIONS.get(id).tools) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", tool.name());
            entry.put("serverId", id);
            entry.put("toolName", tool.name());
            if (tool.description() != null) entry.put("description", tool.description());
            if (tool.inputSchema() != null) entry.put("parameters", tool.inputSchema());
            offered.add(entry);
          }
        }
        return Map.of("tools", offered);
      }
      case "model-call": {
        String name = String.valueOf(request.get("name"));
        for (String id : ORDER) {
          Connection connection = CONNECTIONS.get(id);
          if (connection.tools.stream().noneMatch(tool -> tool.name().equals(name))) continue;
          McpSchema.CallToolResult result =
              connection.client.callTool(new McpSchema.CallToolRequest(name, arguments(request.get("arguments"))));
          StringBuilder text = new StringBuilder();
          for (McpSchema.Content content : result.content()) {
            if (content instanceof McpSchema.TextContent textContent) {
              if (text.length() > 0) text.append('\n');
              text.append(textContent.text());
            }
          }
          return Map.of(
              "isError", Boolean.TRUE.equals(result.isError()),
              "text", text.toString(),
              "routedTo", Map.of("serverId", id, "toolName", name));
        }
        return Map.of("isError", true, "text", "unknown tool " + name);
      }
      default:
        throw new UnsupportedOperationException("unsupported request " + type);
    }
  }

  static void answer(Map<String, Object> request) {
    Object id = request.get("id");
    try {
      Object result = handle(request);
      Map<String, Object> response = new LinkedHashMap<>();
      response.put("type", "response");
      response.put("id", id);
      response.put("ok", true);
      if (result != null) response.put("result", JSON.convertValue(result, new TypeRef<Object>() {}));
      send(response);
    } catch (Exception error) {
      Map<String, Object> response = new LinkedHashMap<>();
      response.put("type", "response");
      response.put("id", id);
      response.put("ok", false);
      response.put("error", error.getClass().getSimpleName() + ": " + error.getMessage());
      if (error instanceof PhaseException phased) response.put("phase", phased.phase);
      if (error instanceof UnsupportedOperationException) response.put("code", "UNSUPPORTED_REQUEST");
      System.err.println(request.get("type") + " failed: " + error);
      send(response);
    }
  }

  public static void main(String[] args) throws Exception {
    send(
        Map.of(
            "type", "hello",
            "protocol", 1,
            "name", "java-mcp",
            // The SDK speaks 2025-11-25 only (initialize; no server/discover).
            "eras", List.of("legacy"),
            "features",
                List.of("multi-server", "bearer-auth", "reauthorize", "model-exposure", "manual-refresh", "reconnect")));
    ExecutorService workers = Executors.newCachedThreadPool();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      Map<String, Object> request = JSON.readValue(line, new TypeRef<Map<String, Object>>() {});
      if ("shutdown".equals(request.get("type"))) break;
      workers.submit(() -> answer(request));
    }
    workers.shutdownNow();
    Thread closer =
        new Thread(
            () -> {
              for (Connection connection : CONNECTIONS.values()) {
                McpSyncClient client = connection.client;
                if (client != null) client.closeGracefully();
              }
            });
    closer.setDaemon(true);
    closer.start();
    closer.join(TimeUnit.MILLISECONDS.toMillis(1500));
    System.out.flush();
    Runtime.getRuntime().halt(0);
  }
}
