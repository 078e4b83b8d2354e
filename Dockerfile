# The Kiebitz web app (Remix on Express) in production mode on Node 22 LTS. Configuration by environment variables (README).
FROM node:22-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production APP_ENV=production PORT=3000
EXPOSE 3000
CMD ["npx", "tsx", "server/index.ts"]
