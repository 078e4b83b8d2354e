# The Kiebitz web app (Remix on Express). Configuration by environment variables (README).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV APP_ENV=production PORT=3000
EXPOSE 3000
CMD ["npx", "tsx", "server.ts"]
