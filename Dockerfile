# Production image: the built site and the server in one stateless process, on Node 24 (an LTS line
# supported until April 2028; Node 20 reached its end of life in April 2026). The server is compiled
# to JavaScript by `npm run build` (scripts/build-server.mjs), so nothing is transpiled at start, and
# it runs as the image's unprivileged `node` user over files it cannot modify.
# docker build -t agentdesk-site . && docker run -p 3000:3000 --env-file production.env agentdesk-site
# (production.env: DATABASE_URL, PUBLIC_URL, BETTER_AUTH_SECRET, RECAPTCHA_* ... see docs/deploy.md)
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/server/index.js"]
