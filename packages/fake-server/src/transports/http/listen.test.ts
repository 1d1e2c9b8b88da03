import express from 'express';
import { expect, test } from 'vitest';
import { listen } from './listen.js';

test('the server never closes an idle keep-alive connection itself (a client reusing it would meet a reset)', async () => {
  const listening = await listen(express(), '127.0.0.1', 0);
  try {
    // 0 turns Node's idle timeout (5 s by default) off: connections end when the client or close() ends them.
    expect(listening.server.keepAliveTimeout).toBe(0);
  } finally {
    await listening.close();
  }
});
