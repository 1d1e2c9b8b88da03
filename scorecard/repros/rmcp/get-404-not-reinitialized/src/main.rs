//! Reproduction: rmcp 3.11.0 does not start a new session when the server answers 404 to its
//! standalone GET stream (MCP 2025-11-25, basic/transports, Session Management, item 4: "When a
//! client receives HTTP 404 in response to a request containing an MCP-Session-Id, it MUST start
//! a new session by sending a new InitializeRequest without a session ID attached.").
//!
//! The minimal server below (std::net only) speaks 2025-11-25: initialize hands out a session id;
//! the client's GET stream is accepted, then closed after 300 ms, and from then on the server has
//! forgotten the session and answers 404 to every request carrying its id (a restart). The client
//! is connected as the SDK's docs show (`().serve(StreamableHttpClientTransport::from_uri(..))`)
//! and then left idle for 6 s: a correct client sends a new initialize after the GET's 404.
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::transport::StreamableHttpClientTransport;
use rmcp::ServiceExt;

#[derive(Default)]
struct Server {
    sessions: u32,
    live: Option<String>,
    initializes: u32,
    get_404s: u32,
    log: Vec<String>,
}

fn respond(stream: &mut TcpStream, status: &str, headers: &[(&str, String)], body: &str) {
    let mut head = format!("HTTP/1.1 {status}\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    let _ = stream.write_all(format!("{head}\r\n{body}").as_bytes());
}

fn handle(mut stream: TcpStream, state: Arc<Mutex<Server>>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() || line.is_empty() {
        return;
    }
    let method = line.split_whitespace().next().unwrap_or("").to_string();
    let (mut length, mut session) = (0usize, None::<String>);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header == "\r\n" {
            break;
        }
        let (name, value) = header.split_once(':').unwrap_or((&header, ""));
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse().unwrap_or(0),
            "mcp-session-id" => session = Some(value.trim().to_string()),
            _ => {}
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    let body = String::from_utf8_lossy(&body).to_string();
    let rpc_method = body.split("\"method\":\"").nth(1).and_then(|rest| rest.split('"').next()).unwrap_or("");
    let id = body.split("\"id\":").nth(1).map(|rest| rest.split([',', '}']).next().unwrap_or("0").to_string());

    let mut s = state.lock().unwrap();
    if method == "POST" && rpc_method == "initialize" {
        s.initializes += 1;
        s.sessions += 1;
        let sid = format!("session-{}", s.sessions);
        let entry = format!("server: initialize #{} (session id sent: {:?}) -> {sid}", s.initializes, session);
        s.log.push(entry);
        s.live = Some(sid.clone());
        let result = format!(
            r#"{{"jsonrpc":"2.0","id":{},"result":{{"protocolVersion":"2025-11-25","capabilities":{{"tools":{{}}}},"serverInfo":{{"name":"repro","version":"1"}}}}}}"#,
            id.unwrap_or_default()
        );
        respond(&mut stream, "200 OK", &[("Content-Type", "application/json".into()), ("Mcp-Session-Id", sid)], &result);
        return;
    }
    if session.is_none() || session != s.live {
        if method == "GET" {
            s.get_404s += 1;
        }
        s.log.push(format!("server: {method} {rpc_method} with unknown session {:?} -> 404", session));
        respond(&mut stream, "404 Not Found", &[], "");
        return;
    }
    match method.as_str() {
        "GET" => {
            s.log.push(format!("server: GET stream opened on {:?}; closed in 300 ms, then the session is forgotten", session));
            drop(s);
            let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n: open\n\n");
            std::thread::sleep(Duration::from_millis(300));
            state.lock().unwrap().live = None; // the restart: every later request with this id gets 404
        }
        "POST" if id.is_none() => respond(&mut stream, "202 Accepted", &[], ""),
        "POST" => {
            let result = format!(r#"{{"jsonrpc":"2.0","id":{},"result":{{"tools":[]}}}}"#, id.unwrap());
            respond(&mut stream, "200 OK", &[("Content-Type", "application/json".into())], &result);
        }
        _ => respond(&mut stream, "405 Method Not Allowed", &[], ""),
    }
}

#[tokio::main]
async fn main() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let state = Arc::new(Mutex::new(Server::default()));
    let shared = state.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let state = shared.clone();
            std::thread::spawn(move || handle(stream, state));
        }
    });

    let client = match ().serve(StreamableHttpClientTransport::from_uri(url)).await {
        Ok(client) => client,
        Err(error) => {
            println!("error: connect: {error}");
            std::process::exit(2);
        }
    };
    tokio::time::sleep(Duration::from_secs(6)).await;
    let (initializes, get_404s) = {
        let s = state.lock().unwrap();
        (s.initializes, s.get_404s)
    };
    // For contrast: an ordinary POST with the dead id is what makes the transport re-initialize.
    let listed = client.list_tools(None).await.map(|_| "ok".to_string()).unwrap_or_else(|e| e.to_string());
    for line in &state.lock().unwrap().log {
        println!("{line}");
    }
    println!("client: tools/list sent after the 6 s wait: {listed}");
    let _ = client.cancel().await;
    if get_404s == 0 {
        println!("error: the client never re-opened its GET stream, so nothing was answered 404");
        std::process::exit(2);
    }
    if initializes >= 2 {
        println!("NOT REPRODUCED: after the GET stream's 404 the client sent a new initialize ({initializes} in all)");
        std::process::exit(1);
    }
    println!("REPRODUCED: the server answered 404 to the GET stream's session {get_404s} time(s); 6 s later the client had sent no new initialize ({initializes} in all)");
}
