import type { TransportKind } from '../exchange/wire-request.js';
import { httpDescriptor } from './http/http-descriptor.js';
import { inMemoryDescriptor } from './in-memory/in-memory-descriptor.js';
import { mswDescriptor } from './msw/msw-descriptor.js';
import { stdioDescriptor } from './stdio/stdio-descriptor.js';
import type { TransportDescriptor } from './transport.js';

/**
 * Every transport's descriptor, by kind. Plain data: reading it loads neither express nor msw.
 * A new transport is one folder plus one line here.
 */
export const TRANSPORTS: Readonly<Record<TransportKind, TransportDescriptor>> = {
  http: httpDescriptor,
  stdio: stdioDescriptor,
  'in-memory': inMemoryDescriptor,
  msw: mswDescriptor,
};

export type {
  FaultUse,
  TransportCapabilities,
  TransportDescriptor,
  TransportFaultKind,
} from './transport.js';
export { assertTransportSupports } from './transport.js';
