# syntax=docker/dockerfile:1
# akut as a container image (decision 045): a build stage with every dependency builds the client (dist/, with
# the server render of the public pages in dist/.ssr) and generates the Prisma client; the runtime stage has
# production dependencies only and runs the TypeScript server with Node 24's type stripping (no build of the
# server, no tsx), as a non-root user.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts as package.json's allowScripts says (Prisma's engine download stays off).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx prisma generate && npx vite build --logLevel warn

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    SKIP_BUILD=1
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the Prisma client is generated in the build stage and copied below.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/server ./server
COPY --from=build /app/core ./core
COPY --from=build /app/machines ./machines
COPY --from=build /app/prompts ./prompts
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts ./scripts
# The embedded database (used without DATABASE_URL) and its generated secrets live here.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm start without npm: WEB_CONCURRENCY workers with DATABASE_URL (decision 039), one process on the embedded database.
CMD ["node", "scripts/start.ts"]
