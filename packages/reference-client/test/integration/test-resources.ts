import { afterEach } from 'vitest';
import { type FakeEndpoint, startFakeEndpoint } from './fake-endpoint.js';

/** What a test file opens (fake servers, hosts, peers), closed after each test in reverse order. */
export interface TestResources {
  /** Registers closing steps for the end of the current test. */
  push(...steps: Array<() => unknown>): void;
  /** Starts a fake server on loopback HTTP, closed after the test. */
  fake(script: Parameters<typeof startFakeEndpoint>[0]): Promise<FakeEndpoint>;
}

/** Registers an `afterEach` that closes everything opened through the returned resources. */
export function testResources(): TestResources {
  let steps: Array<() => unknown> = [];
  afterEach(async () => {
    for (const step of steps.reverse()) await step();
    steps = [];
  });
  return {
    push(...more) {
      steps.push(...more);
    },
    async fake(script) {
      const endpoint = await startFakeEndpoint(script);
      steps.push(() => endpoint.close());
      return endpoint;
    },
  };
}
