// The image's health check: reads the ready file `toolshift serve --ready-file` writes and asks the
// admin API's status route. Exit 0: healthy; 1: not (yet). Usage: node healthcheck.mjs READY_FILE
import { readFileSync } from 'node:fs';

const readyFile = process.argv[2] ?? '/tmp/toolshift-ready.json';

function fail(reason) {
  console.log(`unhealthy: ${reason}`);
  process.exit(1);
}

let ready;
try {
  ready = JSON.parse(readFileSync(readyFile, 'utf8'));
} catch (error) {
  fail(`no ready file yet (${error.message})`);
}
if (!ready.adminUrl) {
  // stdio without --admin-port: the server is the process; if it runs, it serves.
  if (ready.stdio) {
    console.log('healthy: serving MCP on stdio');
    process.exit(0);
  }
  fail(`the ready file names no admin API: ${JSON.stringify(ready)}`);
}
// A server bound to every interface is asked on loopback.
const status = `${ready.adminUrl.replace('://0.0.0.0:', '://127.0.0.1:').replace('://[::]:', '://[::1]:')}/status`;
try {
  // The server's admin token, when the container was given one (the same environment variable).
  const token = process.env.TOOLSHIFT_ADMIN_TOKEN;
  const response = await fetch(status, {
    signal: AbortSignal.timeout(2_000),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  if (!response.ok) fail(`${status} answered HTTP ${response.status}`);
  const body = await response.json();
  console.log(`healthy: catalog revision ${body.catalogRevision}, ${body.toolCount} tools`);
} catch (error) {
  fail(`${status}: ${error.message}`);
}
