# The hosted add-in: `npm run serve`'s server (bundled) in front of the built add-in.
#   docker build --build-arg ADDIN_BASE_URL=https://addins.example.com/ -t mad-addin .
#   docker run -p 8080:8080 mad-addin
# See docs/deploy.md for the settings, TLS and distributing dist/manifest.xml.

# --- build: the add-in for its public address, and the server as one file ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
ARG ADDIN_BASE_URL
ARG ADDIN_PROVIDER
ARG ADDIN_SUPPORT_URL
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN test -n "$ADDIN_BASE_URL" || (echo "set --build-arg ADDIN_BASE_URL=https://<your host>/" >&2 && exit 1)
RUN ADDIN_BASE_URL="$ADDIN_BASE_URL" ADDIN_PROVIDER="$ADDIN_PROVIDER" ADDIN_SUPPORT_URL="$ADDIN_SUPPORT_URL" npm run build
RUN npm run build:server
# An empty folder for a single relay's embedded database (MAD_DATA_DIR), owned by the server's user in the runtime.
RUN mkdir -p /app/build/mad-data

# --- runtime: Node on a slim image, no build tools, no source, not root ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    MAD_STATIC_DIR=/app/dist \
    MAD_UPSTREAM=https://api.sellersprite.com \
    MAD_DATA_DIR=/home/node/mad-data
WORKDIR /app
# Owned by root and read-only to the server's user.
COPY --from=build /app/dist ./dist
COPY --from=build /app/build/server/serve.js ./serve.js
# The team's admin command: docker compose exec relay-1 node team.js add NAME (docs/deploy.md).
COPY --from=build /app/build/server/team.js ./team.js
# PostgreSQL in WebAssembly (PGlite), beside the bundles that load it: a single relay's embedded database, used when
# DATABASE_URL is not set and REDIS_URL is not either. Its data goes to MAD_DATA_DIR: mount a volume there to keep it.
COPY --from=build /app/build/server/pglite.wasm /app/build/server/initdb.wasm /app/build/server/pglite.data ./
COPY --from=build --chown=node:node /app/build/mad-data /home/node/mad-data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly (not npm): SIGTERM reaches the server, which finishes requests in flight and exits 0.
CMD ["node", "serve.js"]
