import { statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** The encodings the web build writes beside its files (web/vite-precompress.ts), in the order the BFF prefers them. */
export const PRECOMPRESSED_ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type PrecompressedEncoding = (typeof PRECOMPRESSED_ENCODINGS)[number]['encoding'];

/** The text files the build compresses; the others (images, fonts, source maps) go as they are. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

/**
 * The encodings an `Accept-Encoding` header allows among br and gzip (RFC 9110 §12.5.3): a coding listed with q=0 is
 * refused, `*` stands for those not listed. No header asks for the file as it is.
 */
export function acceptedEncodings(header: string | undefined): Set<PrecompressedEncoding> {
  const accepted = new Set<PrecompressedEncoding>();
  if (!header) return accepted;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  for (const { encoding } of PRECOMPRESSED_ENCODINGS) {
    const weight = weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (weight > 0) accepted.add(encoding);
  }
  return accepted;
}

export interface WebFileCaching {
  /** Cache-Control of the answer (the same whichever encoding is sent). */
  cacheControl: string;
}

/**
 * Sends `file` (an existing file of the web app) as the best precompressed copy the client accepts, with its own
 * Content-Type, `Content-Encoding`, `Vary: Accept-Encoding` and the given caching; or hands over to `plain` (the
 * static file server, or a plain sendFile) when the client accepts none, or no copy was built for that file.
 */
export function sendPrecompressed(req: Request, res: Response, file: string, caching: WebFileCaching, plain: () => void): void {
  if (!COMPRESSIBLE.has(extname(file).toLowerCase())) return plain();
  // Caches between here and the browser must keep the encodings apart, also for the plain answer.
  res.vary('Accept-Encoding');
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const variant = PRECOMPRESSED_ENCODINGS.find(({ encoding, suffix }) => accepted.has(encoding) && isFile(file + suffix));
  if (!variant) return plain();
  res.type(extname(file));
  res.setHeader('Content-Encoding', variant.encoding);
  res.sendFile(file + variant.suffix, { headers: { 'Cache-Control': caching.cacheControl }, cacheControl: false, dotfiles: 'deny' }, (error) => {
    if (error && !res.headersSent) {
      res.removeHeader('Content-Encoding');
      plain();
    }
  });
}

/**
 * Middleware for a folder of the web app served by `express.static`: a GET or HEAD of a compressible file that exists
 * under `root` is answered from its precompressed copy when the client accepts one; anything else goes on to the
 * static server, which answers it as before.
 */
export function precompressedFiles(root: string, caching: (file: string) => WebFileCaching) {
  const base = resolve(root);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = fileUnder(base, req.path);
    if (!file) return next();
    sendPrecompressed(req, res, file, caching(file), () => next());
  };
}

/** The file a URL path names under `base`, if it is one (never outside `base`, never a folder). */
function fileUnder(base: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = resolve(base, `.${decoded}`);
  if (!file.startsWith(base + sep)) return null;
  return isFile(file) ? file : null;
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}
