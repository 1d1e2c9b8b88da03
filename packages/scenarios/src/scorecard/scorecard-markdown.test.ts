import { expect, test } from 'vitest';
import { detailsPageOf } from './scorecard-markdown.js';

test('rows that share a client name get a detail page each, named with their language', () => {
  const python = { client: 'langchain-mcp-adapters', language: 'python' } as const;
  const typescript = { client: 'langchain-mcp-adapters', language: 'typescript' } as const;
  const goSdk = { client: 'go-sdk', language: 'go' } as const;
  const rows = [python, typescript, goSdk];
  expect(detailsPageOf(python, rows)).toBe('langchain-mcp-adapters-python.md');
  expect(detailsPageOf(typescript, rows)).toBe('langchain-mcp-adapters-typescript.md');
  // A client name of its own keeps the plain page name the README links to.
  expect(detailsPageOf(goSdk, rows)).toBe('go-sdk.md');
});
