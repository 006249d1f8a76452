import type { INestApplication } from '@nestjs/common';
import express from 'express';

/** The deepest nesting a body of ours needs is 3 (a tenant's contacts); room to spare, far from what exhausts a parser. */
export const MAX_BODY_DEPTH = 32;
/** The body cap of every JSON call (uploads stream through their own limits). */
export const MAX_JSON_BODY = '100kb';

/**
 * The JSON body parser of every route, with a nesting check before JSON.parse sees the text: a body nested thousands
 * of levels deep is refused as a 400 rather than left to recursion in whatever reads it next.
 */
export function useJsonBodyParser(app: INestApplication): void {
  // Registered as Express's own `jsonParser` (Nest's useBodyParser withholds `verify`), so Nest adds no second one.
  app.use(
    express.json({
      limit: MAX_JSON_BODY,
      verify: (_req, _res, buffer) => {
        if (nestingDepth(buffer) > MAX_BODY_DEPTH) throw Object.assign(new Error('body nested too deeply'), { status: 400, type: 'entity.too.deep' });
      },
    }),
  );
}

/** How deep arrays and objects nest in a JSON text (brackets inside strings do not count). */
export function nestingDepth(text: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i]!;
    if (inString) {
      if (byte === 0x5c) i++; // backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return deepest;
}
