# syntax=docker/dockerfile:1
# Multi-stage image for the portal and the API. One image serves every role:
#   docker run --init -p 3000:3000 -v portal-data:/data -e SESSION_SECRET=… -e JWT_SECRET=… IMAGE
# runs both (npm start's script); `node scripts/start-role.mjs api|portal|worker` runs one role (fly.toml).
# Commands run node directly: npm passes a stop's SIGTERM to a shell that dies without passing it on.
# --init reaps what a crashed child leaves behind; the supervisor restarts the child itself.

FROM node:22-bookworm-slim AS base
WORKDIR /app
ENV CI=true NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# all dependencies, for the build
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci

# production dependencies only, for the final image
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM deps AS build
COPY . .
RUN npm run build

FROM base AS runtime
# the engines' Debian packages (speech recognition, spoken replies, the showcase's fonts): the same
# list .ci/run installs
COPY scripts/system-packages.txt /tmp/system-packages.txt
RUN apt-get update \
 && apt-get install -y --no-install-recommends $(sed -e 's/#.*//' /tmp/system-packages.txt) \
 && rm -rf /var/lib/apt/lists/* /tmp/system-packages.txt
ENV NODE_ENV=production \
    PORT=3000 \
    API_PORT=8000 \
    DATA_DIR=/data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY server.mjs ./
COPY public ./public
# the API reads its migrations (and any later data files) from api/ at run time
COPY api ./api
COPY contract ./contract
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000 8000
# Every server listening in the container must be healthy (works for any role; see the script).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# the supervisor drains and stops every child within 10 s of a SIGTERM (docker stop waits 10 s)
CMD ["node", "scripts/start.mjs"]
