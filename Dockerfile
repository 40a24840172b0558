# Multi-stage build: compile everything with dev dependencies, then ship only what runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shop-rules/package.json shop-rules/
COPY eventstore/package.json eventstore/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
# `npm install` keeps the lock's versions; `npm ci` insists that the lock lists every other platform's
# optional binaries, which npm 11 does not always write.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# glibc returns freed blocks over 128 KiB to the system (docs/operations.md, "Memory on a small server"), as `npm start` sets.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/shop-rules/package.json shop-rules/
COPY --from=build /app/shop-rules/dist shop-rules/dist
COPY --from=build /app/eventstore/package.json eventstore/
COPY --from=build /app/eventstore/dist eventstore/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
# The server-rendering bundle: the storefront's pages come rendered from the server.
COPY --from=build /app/frontend/dist-ssr frontend/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
