import { describe, expect, it } from 'vitest';
import {
  addTool,
  advanceClock,
  changeMetadata,
  changeSchema,
  clearFaults,
  emitListChanged,
  emitNotification,
  endStreams,
  expireSession,
  expireToken,
  generateTools,
  grantToken,
  injectFault,
  mutateBetweenPages,
  removeTool,
  renameTool,
  restartServer,
  restoreSnapshot,
  saveSnapshot,
  setFreshness,
  setListen,
  setNotifications,
  setPagination,
  setStreams,
  setToolScopes,
} from './build-actions.js';
import { afterRequests, atStart, atTick, betweenPages, manual, onStreamOpen } from './build-triggers.js';
import { parseScriptText } from './parse-script.js';
import { scriptBuilder } from './script-builder.js';
import type { ScriptDocument } from './script-document.js';
import { scriptToJson, scriptToYaml } from './serialize-script.js';

const alpha = { name: 'alpha', inputSchema: { type: 'object' } };
const beta = {
  name: 'beta',
  description: 'Second',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
};

/** Every section, action factory and trigger factory, through the builder. */
function built(): ScriptDocument {
  return scriptBuilder('everything')
    .description('Exercises the whole script surface.')
    .seed(42)
    .server({ name: 'docs', jsonRpcErrorStatus: 400, sessionTtlMs: 30_000 })
    .eras('legacy', 'modern')
    .tools(alpha)
    .pageSize(2, 'expiring')
    .pagination({ cursorTtlMs: 5_000 })
    .freshness({ ttlMs: 1_000, cacheScope: 'auto', pages: [{ page: 2, ttlMs: 0 }] })
    .notifications({ delayMs: 10, legacyRoute: 'get-or-post' })
    .listen({ ack: 'immediate', honor: { toolsListChanged: true } })
    .streams({ postResponse: 'sse', eventIds: true, retryMs: 100 })
    .auth({ tokens: [{ token: 'tok', principal: 'p', scopes: ['read'] }], toolScopes: { beta: ['admin'] } })
    .step('add', addTool(beta), atStart())
    .step(
      'rm',
      removeTool('beta', { notify: false }),
      afterRequests(2, { method: 'tools/list', phase: 'received' }),
    )
    .step('mv', renameTool('alpha', 'omega'), betweenPages(1))
    .step('schema', changeSchema('omega', { outputSchema: null }), onStreamOpen('listen', 2))
    .step('meta', changeMetadata('omega', { title: 'Omega', annotations: null }), atTick(1_000))
    .step('gen', generateTools(5, { prefix: 'crm', seed: 3 }), manual())
    .step('save', saveSnapshot('five'))
    .step('restore', restoreSnapshot('five'))
    .step('inline', restoreSnapshot([alpha]))
    .step('between', mutateBetweenPages(1, [addTool({ name: 'late', inputSchema: { type: 'object' } })]))
    .step('pages', setPagination({ pageSize: 3 }))
    .step('fresh', setFreshness({ ttlMs: 0 }))
    .step('notes', setNotifications({ mode: 'suppress' }))
    .step('listen', setListen({ ack: 'withhold' }))
    .step('streams', setStreams({ getStream: 'refuse' }))
    .step('emit', emitListChanged(3))
    .step('prompts', emitNotification('notifications/prompts/list_changed'))
    .step(
      'vendor',
      emitNotification('notifications/x-vendor/heartbeat', {
        params: { beat: 1, nested: { ok: true } },
        count: 2,
      }),
    )
    .step('end', endStreams('listen', 'graceful'))
    .step('expire', expireSession())
    .step('restart', restartServer({ tools: [alpha], mode: 'graceful' }))
    .step('grant', grantToken({ token: 'tok2', principal: 'p', scopes: ['admin'] }, { notify: true }))
    .step('revoke', expireToken('tok'))
    .step('scopes', setToolScopes('alpha', ['read']))
    .step(
      'fault',
      injectFault(
        { kind: 'httpStatus', status: 429, retryAfterSeconds: 1 },
        { method: 'tools/list', times: 'always' },
      ),
    )
    .step('clear', clearFaults('tools/list'))
    .step('tick', advanceClock(500))
    .build();
}

/** The same script, written by hand. */
const HANDWRITTEN = {
  toolshiftScript: 1,
  name: 'everything',
  description: 'Exercises the whole script surface.',
  seed: 42,
  server: { name: 'docs', jsonRpcErrorStatus: 400, sessionTtlMs: 30_000, eras: ['legacy', 'modern'] },
  catalog: { tools: [alpha] },
  pagination: { pageSize: 2, cursorStyle: 'expiring', cursorTtlMs: 5_000 },
  freshness: { ttlMs: 1_000, cacheScope: 'auto', pages: [{ page: 2, ttlMs: 0 }] },
  notifications: { delayMs: 10, legacyRoute: 'get-or-post' },
  listen: { ack: 'immediate', honor: { toolsListChanged: true } },
  streams: { postResponse: 'sse', eventIds: true, retryMs: 100 },
  auth: { tokens: [{ token: 'tok', principal: 'p', scopes: ['read'] }], toolScopes: { beta: ['admin'] } },
  steps: [
    { id: 'add', trigger: { atStart: true }, action: { action: 'addTool', tool: beta } },
    {
      id: 'rm',
      trigger: { afterRequests: 2, method: 'tools/list', phase: 'received' },
      action: { action: 'removeTool', name: 'beta', notify: false },
    },
    { id: 'mv', trigger: { betweenPages: 1 }, action: { action: 'renameTool', name: 'alpha', to: 'omega' } },
    {
      id: 'schema',
      trigger: { onStreamOpen: 'listen', afterEvents: 2 },
      action: { action: 'changeSchema', name: 'omega', outputSchema: null },
    },
    {
      id: 'meta',
      trigger: { atTick: 1_000 },
      action: { action: 'changeMetadata', name: 'omega', title: 'Omega', annotations: null },
    },
    {
      id: 'gen',
      trigger: { manual: true },
      action: { action: 'generateTools', count: 5, prefix: 'crm', seed: 3 },
    },
    { id: 'save', action: { action: 'saveSnapshot', name: 'five' } },
    { id: 'restore', action: { action: 'restoreSnapshot', name: 'five' } },
    { id: 'inline', action: { action: 'restoreSnapshot', tools: [alpha] } },
    {
      id: 'between',
      action: {
        action: 'mutateBetweenPages',
        afterPage: 1,
        changes: [{ action: 'addTool', tool: { name: 'late', inputSchema: { type: 'object' } } }],
      },
    },
    { id: 'pages', action: { action: 'setPagination', pageSize: 3 } },
    { id: 'fresh', action: { action: 'setFreshness', ttlMs: 0 } },
    { id: 'notes', action: { action: 'setNotifications', mode: 'suppress' } },
    { id: 'listen', action: { action: 'setListen', ack: 'withhold' } },
    { id: 'streams', action: { action: 'setStreams', getStream: 'refuse' } },
    { id: 'emit', action: { action: 'emitListChanged', count: 3 } },
    { id: 'prompts', action: { action: 'emitNotification', method: 'notifications/prompts/list_changed' } },
    {
      id: 'vendor',
      action: {
        action: 'emitNotification',
        method: 'notifications/x-vendor/heartbeat',
        params: { beat: 1, nested: { ok: true } },
        count: 2,
      },
    },
    { id: 'end', action: { action: 'endStreams', streams: 'listen', mode: 'graceful' } },
    { id: 'expire', action: { action: 'expireSession' } },
    { id: 'restart', action: { action: 'restartServer', tools: [alpha], mode: 'graceful' } },
    {
      id: 'grant',
      action: { action: 'grantToken', token: 'tok2', principal: 'p', scopes: ['admin'], notify: true },
    },
    { id: 'revoke', action: { action: 'expireToken', token: 'tok' } },
    { id: 'scopes', action: { action: 'setToolScopes', name: 'alpha', scopes: ['read'] } },
    {
      id: 'fault',
      action: {
        action: 'injectFault',
        fault: { kind: 'httpStatus', status: 429, retryAfterSeconds: 1 },
        method: 'tools/list',
        times: 'always',
      },
    },
    { id: 'clear', action: { action: 'clearFaults', method: 'tools/list' } },
    { id: 'tick', action: { action: 'advanceClock', ms: 500 } },
  ],
};

describe('script round trip', () => {
  it('the TS builder emits the same document as the hand-written JSON', () => {
    expect(built()).toEqual(HANDWRITTEN);
  });

  it('builder → JSON → document is lossless', () => {
    const doc = built();
    const json = scriptToJson(doc);
    expect(JSON.parse(json)).toEqual(doc);
    expect(parseScriptText(json, 'everything.json')).toEqual(doc);
  });

  it('builder → YAML → document is lossless, and YAML → JSON → YAML is stable', () => {
    const doc = built();
    const yaml = scriptToYaml(doc);
    expect(yaml).toContain('toolshiftScript: 1');
    const reread = parseScriptText(yaml, 'everything.yaml');
    expect(reread).toEqual(doc);
    expect(scriptToYaml(parseScriptText(scriptToJson(reread)))).toBe(yaml);
  });
});
