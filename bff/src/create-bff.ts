import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Logger } from 'nestjs-pino';
import { bffModule } from './app.module.js';
import { loadConfig } from '@pm/nest-kit';
import { authWebEnv } from './auth/auth-web.config.js';
import type { BffEnv } from './config/env.js';
import { API_BASE_PATH } from './http/api-base-path.js';
import { addBodyParserFailures, addContractOperations } from './http/contract-openapi.js';
import { boundContracts } from './http/contract-router.js';
import { precompressedFiles, sendPrecompressed } from './http/precompressed-files.js';
import { securityHeaders } from './http/security-headers.js';
import { useJsonBodyParser } from './http/json-body.js';

export { API_BASE_PATH } from './http/api-base-path.js';

export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Property management platform — BFF')
    .setDescription('The only HTTP API the web app calls. Paths follow the specification call tables.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config);
  addContractOperations(document, boundContracts());
  addBodyParserFailures(document);
  return document;
}

/** Builds the BFF app (not listening): used by main, by the OpenAPI generator and by tests. */
export async function createBff(config: BffEnv, options: { preview?: boolean } = {}): Promise<INestApplication> {
  const app = await NestFactory.create(bffModule(config), { bufferLogs: true, preview: options.preview ?? false });
  if (!options.preview) app.useLogger(app.get(Logger));
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.disable('x-powered-by');
  // No ETag for API answers: hashing every JSON body cost CPU on each request and no client sends If-None-Match for
  // them (RTK Query refetches by tag). The web app's files keep theirs: express.static and sendFile set their own.
  http.set('etag', false);
  // Without configured proxies X-Forwarded-For is ignored; with them, express reads it from the right (client-ip.ts).
  http.set('trust proxy', config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false);
  const { PUBLIC_WEB_URL } = loadConfig(authWebEnv, process.env);
  app.use(securityHeaders({ https: PUBLIC_WEB_URL.startsWith('https://') }));
  useJsonBodyParser(app);
  // Probes stay at /health/* like every other app's, so operators configure one path for all.
  app.setGlobalPrefix(API_BASE_PATH, { exclude: ['health/live', 'health/ready'] });
  app.enableShutdownHooks();
  if ((config.API_DOCS ?? (config.NODE_ENV === 'production' ? 'false' : 'true')) === 'true') {
    SwaggerModule.setup(`${API_BASE_PATH}/docs`, app, () => openApiDocument(app), { jsonDocumentUrl: `${API_BASE_PATH}/openapi.json` });
  }
  if (config.SERVE_WEB) serveWebApp(app, config.WEB_DIST_DIR ?? resolve(import.meta.dirname, '../../web/dist'));
  return app;
}

/**
 * The built web app with a single-page-app fallback: any non-API GET that is not a file gets index.html.
 * Vite names everything under assets/ by its content hash, so those files never change and are cached for a year
 * without revalidation; a missing one is a 404 (never index.html, which a browser would try to run as a script).
 * index.html names the current hashes, so it is revalidated on every load (no-cache) and a deployment shows at once;
 * the other files of public/ (favicon, robots.txt) keep their names across builds and are cached briefly.
 * The build writes a brotli and a gzip copy beside each text file (web/vite-precompress.ts): a client that accepts
 * one gets it, with the same caching (http/precompressed-files.ts); the others get the file as it is.
 */
function serveWebApp(app: INestApplication, dir: string): void {
  const index = resolve(dir, 'index.html');
  if (!existsSync(index)) throw new Error(`SERVE_WEB=true but ${index} does not exist: build the web app first (npx turbo run build)`);
  const immutable = { cacheControl: 'public, max-age=31536000, immutable' };
  const revalidated = { cacheControl: 'no-cache' };
  const web = express.Router();
  web.use('/assets', precompressedFiles(resolve(dir, 'assets'), () => immutable));
  web.use('/assets', express.static(resolve(dir, 'assets'), { index: false, maxAge: '365d', immutable: true, redirect: false }));
  web.use('/assets', (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.status(404).type('text/plain').setHeader('cache-control', 'no-store').send('No such file in this version of the web app.');
  });
  web.use(precompressedFiles(dir, (file) => (file.endsWith('.html') ? revalidated : { cacheControl: 'public, max-age=3600' })));
  web.use(
    express.static(dir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, path) => {
        if (path.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
      },
    }),
  );
  web.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next();
    sendPrecompressed(req, res, index, revalidated, () => {
      res.setHeader('cache-control', 'no-cache');
      res.sendFile(index);
    });
  });
  // The API and the probes never name a file of the web app: they skip its handlers, each of which would look the
  // path up on disk (a stat per API request, a third of the BFF's CPU on a small read).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith(`/${API_BASE_PATH}/`) || req.path.startsWith('/health/')) return next();
    web(req, res, next);
  });
}
