// The two test sets: `pnpm test` runs the quick one while you work; `pnpm test:full` (the README's
// test command, which CI runs) runs every test file. The quick set leaves out only what waits on
// other programs and machines, each for the reason given: real client libraries in five languages,
// npm packing and installing, a Docker engine, Chromium, child-process-per-cell runs, and the
// whole-catalog corpora. Every path must name at least one test file (test-sets.test.ts checks it).

/** Test files only the full set runs, with why each is slow. */
export const FULL_ONLY = {
  'packages/scenarios/test/integration/drivers-smoke.test.ts':
    'real client libraries in Python, Go, Java, Rust and TypeScript, each a program per cell',
  'packages/scenarios/test/integration/driver-check.test.ts': 'driver-check against real command drivers',
  'packages/toolshift/test/install.test.ts':
    'packs the packages and installs them with npm on Node 20, 22 and 24',
  'packages/toolshift/test/action.test.ts': 'the GitHub Action from a packed install, on several runtimes',
  'packages/testcontainers/test/image.test.ts': 'builds and runs the Docker image',
  'packages/testcontainers/test/toolshift-container.test.ts': 'testcontainers against a Docker engine',
  'packages/scenarios/test/integration/html-report-chromium.test.ts': 'opens the HTML report in Chromium',
  'packages/scenarios/test/integration/client-isolation.test.ts':
    'a client process per cell over the whole catalog',
  'packages/scenarios/test/integration/client-module.test.ts': 'client modules in their own processes',
  'packages/scenarios/test/integration/forged-results.test.ts':
    'hostile client modules and a command program trying to forge a pass, each a toolshift process',
  'packages/scenarios/test/integration/client-process-transports.test.ts':
    'the reference client in a client process over every transport, beside itself in-process',
  'packages/scenarios/test/integration/conformance-client.test.ts':
    "the official conformance suite's client runner, a process per cell",
  'packages/scenarios/test/integration/explore-out-of-process.test.ts':
    'race exploration against a client process',
  'packages/scenarios/test/integration/false-positive-corpus.test.ts':
    'every correct-but-unusual client on the whole catalog in every era mode',
  'packages/scenarios/test/integration/defect-catalogue.test.ts': 'every defect variant on the whole catalog',
  'packages/scenarios/test/integration/lazy-corpus-catalog.test.ts':
    'every lazy client on the whole catalog in every era mode, and as a command program (a process per cell) over stdio',
  'packages/scenarios/test/integration/defect-catalogue-controls.test.ts':
    'the controls of every defect variant on the whole catalog',
  'packages/scenarios/test/integration/scheduling-keeps-verdicts.test.ts':
    'the whole catalog twice, once 4 cells at a time in listed order (the guard that scheduling never changes a verdict)',
  'packages/fake-server/test/parity/parity.test.ts':
    'the official SDK servers in TypeScript, Python and Go, a server process per stdio probe (docs/parity.md)',
  'packages/scenarios/test/integration/determinism.test.ts':
    'every scenario of the catalog twice with one seed, a few cells at a time, transcripts compared',
};

/**
 * Test files that keep a process of their own (vitest's `isolate: true`), each for the state it
 * would otherwise leave to the next file in its worker. Every other test file (unit, property or
 * integration) shares its worker's module graph with the files before it (importing the SDKs, zod,
 * ajv and the catalog again for each file was most of the quick set's CPU): they start and close
 * their own servers and clients and change no process-wide state. The full set's files (FULL_ONLY)
 * keep their own process too: they spend their time on other programs, so a fresh import costs
 * them little.
 */
export const OWN_PROCESS = {
  'packages/fake-server/test/integration/admin-api.test.ts':
    "its own msw setupServer: msw's interceptors are one instance per process, and closing a second one clears the first's",
  'packages/fake-server/test/integration/body-limits.test.ts':
    "its own msw setupServer: msw's interceptors are one instance per process, and closing a second one clears the first's",
  'packages/fake-server/test/regressions/9-msw-client-close-after-gc.test.ts':
    'its own msw setupServer, and it turns on --expose-gc for the rest of the process',
};
