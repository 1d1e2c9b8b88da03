import { LazyClient } from './lazy-client.js';
import { lazy } from './lazy-factory.js';

export const doesNothing = lazy(
  {
    name: 'does-nothing',
    behaviour: 'Connects (the handshake) and does nothing else: no listing, no exposure, no call',
    misses: () => 'every scenario has the client discover tools',
  },
  () => new LazyClient({ doesNothing: true }),
);
