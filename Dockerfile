# toolshift as an image. By default it serves: `toolshift serve` plays the script mounted at
# /toolshift/script.yaml (YAML or JSON) on http://0.0.0.0:8080/mcp, admin API under /__toolshift.
# Any other toolshift command runs when it comes first (docker/entrypoint.mjs):
#
#   docker build --network host -t toolshift .
#   docker run --rm -p 8080:8080 -v "$PWD/my-script.yaml:/toolshift/script.yaml:ro" toolshift
#   docker run --rm -i -v "$PWD/my-script.yaml:/toolshift/script.yaml:ro" toolshift --stdio
#   docker run --rm toolshift run --client reference --scenario one-valid-tool
#   docker run --rm toolshift list
#
# Serve options after the image name replace the default `--host 0.0.0.0 --port 8080`
# (`--script /elsewhere.json`, `--stdio --admin-port 8081`, …).
# BASE_IMAGE must provide node (>= 20.19) and npm on PATH and useradd, as the official image does.

ARG BASE_IMAGE=node:20-slim

# Build: the workspace from its lockfile, compiled, then the CLI package deployed with its
# production dependencies only.
FROM ${BASE_IMAGE} AS build
ENV CI=true
RUN npm install --global --no-audit --no-fund --loglevel=error pnpm@12.4.2
WORKDIR /src
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY packages/fake-server/package.json packages/fake-server/
COPY packages/reference-client/package.json packages/reference-client/
COPY packages/assertions/package.json packages/assertions/
COPY packages/scenarios/package.json packages/scenarios/
COPY packages/toolshift/package.json packages/toolshift/
COPY packages/testcontainers/package.json packages/testcontainers/
RUN pnpm install --frozen-lockfile --ignore-scripts
COPY tsconfig.base.json LICENSE ./
COPY packages packages
RUN pnpm exec tsc -b packages/scenarios \
  && pnpm --filter toolshift deploy --prod /opt/toolshift \
  && rm -f /opt/toolshift/pnpm-lock.yaml /opt/toolshift/pnpm-workspace.yaml

# Run: node, the deployed CLI, an unprivileged user.
FROM ${BASE_IMAGE}
RUN groupadd --system --gid 10001 toolshift \
  && useradd --system --uid 10001 --gid toolshift --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin toolshift \
  && mkdir /toolshift
COPY --from=build /opt/toolshift /opt/toolshift
COPY docker/healthcheck.mjs docker/entrypoint.mjs docker/image-arguments.mjs /opt/toolshift/
USER toolshift:toolshift
ENV NODE_ENV=production
EXPOSE 8080
# The server writes where it listens to the ready file; the check asks the admin API's status
# route there (with --stdio and no --admin-port there is no HTTP to ask: running is healthy).
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "/opt/toolshift/healthcheck.mjs", "/tmp/toolshift-ready.json"]
ENTRYPOINT ["node", "/opt/toolshift/entrypoint.mjs"]
