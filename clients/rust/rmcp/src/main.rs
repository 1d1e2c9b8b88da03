//! toolshift driver for the Rust MCP SDK, `rmcp` (crates.io), used as its docs show a host using it:
//! per server a client handler served over `StreamableHttpClientTransport` (the bearer token in the
//! transport config's `auth_header`), with `ClientLifecycleMode::Auto` (probe `server/discover`, fall
//! back to `initialize`) unless the cell is legacy (plain `serve`: the `initialize` handshake), and
//! the tool set read with `Peer::list_all_tools` (every page). The SDK does not re-list by itself
//! when the server announces a change: it invalidates its cached `tools/list` and calls the
//! handler's `on_tool_list_changed` (on 2026-07-28 only through the `Peer::listen` subscription the
//! docs show). This host opens that subscription, notes each signal and lists again before every
//! model request (and on a manual refresh): "pass by re-asking" where it passes.
//!
//! The command protocol (newline-delimited JSON on stdin/stdout) is documented in the toolshift
//! README ("A client program in any language").

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex};

use rmcp::handler::client::ClientHandler;
use rmcp::model::{CallToolRequestParams, ProtocolVersion, SubscriptionFilter, Tool};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, NotificationContext, RunningService};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Map, Value};
use tokio::io::{AsyncBufReadExt, BufReader};

/// Writes one protocol message as a single JSON line.
fn send(message: Value) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{message}");
    let _ = out.flush();
}

fn note(text: String) {
    send(json!({"type": "note", "text": text}));
}

/// The host's handler: it only notes the SDK's change callback.
#[derive(Clone)]
struct Host {
    server_id: String,
}

impl ClientHandler for Host {
    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        note(format!(
            "{}: notifications/tools/list_changed received (the host lists again before its next model request)",
            self.server_id
        ));
    }
}

struct Connection {
    service: Arc<RunningService<RoleClient, Host>>,
    tools: Vec<Tool>,
    listening: Option<tokio::task::JoinHandle<()>>,
}

struct Target {
    url: String,
    era: Option<String>,
    token: Option<String>,
}

#[derive(Default)]
struct State {
    connections: HashMap<String, Connection>,
    targets: HashMap<String, Target>,
    order: Vec<String>,
}

type Shared = Arc<tokio::sync::Mutex<State>>;

fn phase_error(phase: &str, message: String) -> (String, Option<&'static str>) {
    (message, Some(match phase {
        "connect" => "connect",
        "tool-set" => "tool-set",
        "model-request" => "model-request",
        _ => "call",
    }))
}

type Outcome = Result<Value, (String, Option<&'static str>)>;

async fn open(server_id: &str, target: &Target) -> Result<Connection, String> {
    let mut config = StreamableHttpClientTransportConfig::with_uri(target.url.clone());
    config.auth_header = target.token.clone();
    let transport = StreamableHttpClientTransport::from_config(config);
    let host = Host { server_id: server_id.to_string() };
    let service = if target.era.as_deref() == Some("legacy") {
        host.serve(transport).await.map_err(|e| e.to_string())?
    } else {
        host.serve_with_lifecycle(
            transport,
            ClientLifecycleMode::Auto {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
                legacy_version: Some(ProtocolVersion::V_2025_11_25),
            },
        )
        .await
        .map_err(|e| e.to_string())?
    };
    let modern = service
        .peer_info()
        .is_some_and(|info| info.protocol_version >= ProtocolVersion::V_2026_07_28);
    let service = Arc::new(service);
    let listening = if modern {
        let peer = service.peer().clone();
        let id = server_id.to_string();
        Some(tokio::spawn(async move {
            match peer.listen(SubscriptionFilter::builder().tools_list_changed().build()).await {
                Ok(mut subscription) => loop {
                    match subscription.next().await {
                        Ok(Some(_)) => note(format!(
                            "{id}: listen event (the host lists again before its next model request)"
                        )),
                        Ok(None) => {
                            note(format!("{id}: subscriptions/listen ended"));
                            break;
                        }
                        Err(error) => {
                            note(format!("{id}: subscriptions/listen failed: {error}"));
                            break;
                        }
                    }
                },
                Err(error) => note(format!("{id}: subscriptions/listen failed: {error}")),
            }
        }))
    } else {
        None
    };
    Ok(Connection { service, tools: Vec::new(), listening })
}

/// Lists every page and reports the set the host now holds.
async fn list(state: &Shared, server_id: &str) -> Result<Vec<Tool>, String> {
    let service = {
        let guard = state.lock().await;
        guard
            .connections
            .get(server_id)
            .map(|c| c.service.clone())
            .ok_or_else(|| format!("{server_id} is not connected"))?
    };
    let tools = service.peer().list_all_tools().await.map_err(|e| e.to_string())?;
    let exposed: Vec<Value> = tools
        .iter()
        .map(|tool| {
            let mut entry = Map::new();
            entry.insert("name".into(), json!(tool.name));
            if let Some(description) = &tool.description {
                entry.insert("description".into(), json!(description));
            }
            entry.insert("inputSchema".into(), Value::Object((*tool.input_schema).clone()));
            Value::Object(entry)
        })
        .collect();
    send(json!({"type": "tools", "serverId": server_id, "tools": exposed}));
    if let Some(connection) = state.lock().await.connections.get_mut(server_id) {
        connection.tools = tools.clone();
    }
    Ok(tools)
}

async fn close(connection: Connection) {
    if let Some(listening) = connection.listening {
        listening.abort();
    }
    if let Ok(service) = Arc::try_unwrap(connection.service) {
        let _ = service.cancel().await;
    }
}

fn arguments(request: &Value, key: &str) -> Map<String, Value> {
    request.get(key).and_then(Value::as_object).cloned().unwrap_or_default()
}

fn text_of(result: &rmcp::model::CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|content| content.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

async fn handle(state: Shared, request: Value) -> Outcome {
    let kind = request["type"].as_str().unwrap_or_default();
    let server_id = request["serverId"].as_str().unwrap_or_default().to_string();
    match kind {
        "connect" => {
            let target = Target {
                url: request["url"].as_str().unwrap_or_default().to_string(),
                era: request["era"].as_str().map(str::to_string),
                token: request["bearerToken"].as_str().map(str::to_string),
            };
            let connection = open(&server_id, &target).await.map_err(|e| phase_error("connect", e))?;
            {
                let mut guard = state.lock().await;
                if !guard.order.contains(&server_id) {
                    guard.order.push(server_id.clone());
                }
                guard.targets.insert(server_id.clone(), target);
                guard.connections.insert(server_id.clone(), connection);
            }
            list(&state, &server_id).await.map_err(|e| phase_error("tool-set", e))?;
            Ok(Value::Null)
        }
        "call" => {
            let service = state.lock().await.connections.get(&server_id).map(|c| c.service.clone());
            let service = service.ok_or_else(|| phase_error("call", format!("{server_id} is not connected")))?;
            let params = CallToolRequestParams::new(request["tool"].as_str().unwrap_or_default().to_string())
                .with_arguments(arguments(&request, "arguments"));
            let result = service.peer().call_tool(params).await.map_err(|e| phase_error("call", e.to_string()))?;
            serde_json::to_value(result).map_err(|e| (e.to_string(), None))
        }
        "refresh" => {
            list(&state, &server_id).await.map_err(|e| (e, None))?;
            Ok(Value::Null)
        }
        "reconnect" => {
            let old = state.lock().await.connections.remove(&server_id);
            if let Some(old) = old {
                close(old).await;
            }
            let connection = {
                let guard = state.lock().await;
                let target = guard.targets.get(&server_id).ok_or_else(|| (format!("unknown server {server_id}"), None))?;
                open(&server_id, target).await
            }
            .map_err(|e| phase_error("connect", e))?;
            state.lock().await.connections.insert(server_id.clone(), connection);
            list(&state, &server_id).await.map_err(|e| (e, None))?;
            Ok(Value::Null)
        }
        "model-request" => {
            let order = state.lock().await.order.clone();
            let mut offered = Vec::new();
            for id in order {
                let tools = list(&state, &id).await.map_err(|e| phase_error("model-request", format!("{id}: {e}")))?;
                for tool in tools {
                    let mut entry = Map::new();
                    entry.insert("name".into(), json!(tool.name));
                    entry.insert("serverId".into(), json!(id));
                    entry.insert("toolName".into(), json!(tool.name));
                    if let Some(description) = &tool.description {
                        entry.insert("description".into(), json!(description));
                    }
                    entry.insert("parameters".into(), Value::Object((*tool.input_schema).clone()));
                    offered.push(Value::Object(entry));
                }
            }
            Ok(json!({"tools": offered}))
        }
        "model-call" => {
            let name = request["name"].as_str().unwrap_or_default().to_string();
            let found = {
                let guard = state.lock().await;
                guard.order.iter().find_map(|id| {
                    let connection = guard.connections.get(id)?;
                    connection
                        .tools
                        .iter()
                        .any(|tool| tool.name == name)
                        .then(|| (id.clone(), connection.service.clone()))
                })
            };
            let Some((id, service)) = found else {
                return Ok(json!({"isError": true, "text": format!("unknown tool {name}")}));
            };
            let params = CallToolRequestParams::new(name.clone()).with_arguments(arguments(&request, "arguments"));
            let result = service.peer().call_tool(params).await.map_err(|e| phase_error("call", e.to_string()))?;
            Ok(json!({
                "isError": result.is_error.unwrap_or(false),
                "text": text_of(&result),
                "routedTo": {"serverId": id, "toolName": name},
            }))
        }
        other => Err((format!("unsupported request {other:?}"), None)),
    }
}

#[tokio::main]
async fn main() {
    send(json!({
        "type": "hello",
        "protocol": 1,
        "name": "rmcp",
        "features": ["multi-server", "bearer-auth", "model-exposure", "manual-refresh", "reconnect"],
    }));
    let state: Shared = Arc::default();
    let in_flight = Arc::new(Mutex::new(Vec::new()));
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let Ok(request) = serde_json::from_str::<Value>(&line) else {
            note(format!("unreadable request: {line}"));
            continue;
        };
        if request["type"] == "shutdown" {
            break;
        }
        let state = state.clone();
        let task = tokio::spawn(async move {
            let id = request["id"].clone();
            let unsupported = !matches!(
                request["type"].as_str(),
                Some("connect" | "call" | "refresh" | "reconnect" | "model-request" | "model-call")
            );
            match handle(state, request).await {
                Ok(Value::Null) => send(json!({"type": "response", "id": id, "ok": true})),
                Ok(result) => send(json!({"type": "response", "id": id, "ok": true, "result": result})),
                Err((error, phase)) => {
                    let mut response = json!({"type": "response", "id": id, "ok": false, "error": error});
                    if let Some(phase) = phase {
                        response["phase"] = json!(phase);
                    }
                    if unsupported {
                        response["code"] = json!("UNSUPPORTED_REQUEST");
                    }
                    send(response);
                }
            }
        });
        in_flight.lock().unwrap().push(task);
    }
    for task in in_flight.lock().unwrap().drain(..) {
        task.abort();
    }
    let connections: Vec<Connection> = state.lock().await.connections.drain().map(|(_, c)| c).collect();
    let _ = tokio::time::timeout(std::time::Duration::from_millis(1500), async {
        for connection in connections {
            close(connection).await;
        }
    })
    .await;
    std::process::exit(0);
}
