# The release image. Build stage: the full install builds the web app (npm run build). Runtime
# stage: production dependencies only (npm ci --omit=dev), the API's TypeScript sources that
# Node runs itself, the migrations and the built web app. faults/release.test.ts installs and
# starts exactly what the runtime stage copies, with its RUN and CMD lines.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/api/package.json apps/api/package.json
COPY --from=build /app/apps/web/package.json apps/web/package.json
COPY --from=build /app/packages/contract/package.json packages/contract/package.json
COPY --from=build /app/packages/db/package.json packages/db/package.json
RUN npm ci --omit=dev
COPY --from=build /app/apps/api/src apps/api/src
COPY --from=build /app/packages/contract/src packages/contract/src
COPY --from=build /app/packages/db/src packages/db/src
COPY --from=build /app/packages/db/migrations packages/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
# Uploaded files and, without DATABASE_URL, the embedded database.
ENV DATA_DIR=/var/lib/kikstart
RUN mkdir -p /var/lib/kikstart && chown node:node /var/lib/kikstart
USER node
EXPOSE 3000
# Node itself is PID 1's child of nothing: it gets SIGTERM from `docker stop` directly.
CMD ["node", "apps/api/src/server.ts"]
