# syntax=docker/dockerfile:1
# BookStrut: api (default command) and workers (`node workers/dist/main.js`) share this image.
#   docker build -t bookstrut .
#   docker run -p 3000:3000 -v bookstrut-data:/data bookstrut        # one process, embedded stores
# docker-compose.yml runs it against Postgres, Redis, ClickHouse and Meilisearch servers instead.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# ---------------------------------------------------------------- build: all deps, compile, prune
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# ONNXRUNTIME_NODE_INSTALL=skip: onnxruntime-node would otherwise download CUDA libraries we never use.
ENV CI=true npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false \
    ONNXRUNTIME_NODE_INSTALL=skip

# Manifests first so the dependency layer is reused while only sources change. Every workspace's
# package.json must be present for `npm ci` (see "workspaces" in package.json).
COPY package.json package-lock.json .npmrc ./
COPY schemas/package.json schemas/
COPY services/core/package.json services/core/
COPY services/accounts/package.json services/accounts/
COPY services/catalogue/package.json services/catalogue/
COPY services/billing/package.json services/billing/
COPY services/analytics/package.json services/analytics/
COPY services/search/package.json services/search/
COPY workers/package.json workers/
COPY services/api/package.json services/api/
COPY bench/package.json bench/
COPY client/package.json client/
COPY load-tests/package.json load-tests/
# The lock lists every platform's optional packages, so `npm ci` accepts it anywhere.
RUN --mount=type=cache,target=/root/.npm npm ci

COPY . .
# Build everything (tsc -b + the client bundle), then drop dev dependencies; workspace links stay.
RUN npm run build && npm prune --omit=dev

# ---------------------------------------------------------------- runtime: production deps + dist
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
# The built tree: workspaces keep their package.json (exports -> dist) and node_modules links.
COPY --from=build --chown=node:node /app /app
# Media, the dev mail outbox and (without server URLs) the embedded stores live here.
RUN mkdir -p /data && chown node:node /data
# Not root: embedded PostgreSQL (used when DATABASE_URL is unset) refuses to run as root.
USER node
EXPOSE 3000
# The slim image has no curl: Node's fetch does the probe.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
CMD ["node", "services/api/dist/server.js"]
