# Build the SPA and install dependencies with npm (the project's package manager), then run on
# the official Deno image as a non-root user. `deno task start` serves API + SPA.
# The gate runs this path without Docker (tests/production-install.ts reads this file and fly.toml):
# the prod-deps stage's `npm ci --omit=dev`, the final stage's COPYs and CMD, fly.toml's
# release_command and [env], with the same Deno version as the image below. Server code may only
# import packages of "dependencies": devDependencies are not in the image.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN node node_modules/vite/bin/vite.js build

FROM node:22-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM denoland/deno:debian-2.9.5
ENV NODE_ENV=production PORT=8000 DATA_DIR=/data
# OCR language data (English, Spanish, French, German) for quotation import: data files only.
RUN apt-get update && apt-get install -y --no-install-recommends \
      tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-fra tesseract-ocr-deu \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json deno.json ./
COPY sql ./sql
COPY src ./src
COPY scripts ./scripts
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown deno:deno /data && deno cache src/main.ts src/db/migrate-cli.ts
USER deno
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s CMD ["deno", "eval", "const r = await fetch('http://127.0.0.1:8000/healthz'); Deno.exit(r.ok ? 0 : 1)"]
# The image has no node_modules/deno (a dev dependency) and a prebuilt SPA: run the server directly.
CMD ["deno", "run", "-A", "src/main.ts"]
