import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { Options } from 'pino-http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A download link carries its token as `?token=` (the BFF's DownloadLinks): it must never reach a log line. */
export function redactUrlToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

interface SerializedRequest {
  url?: string;
  query?: Record<string, unknown>;
}

/**
 * Structured JSON logs (pino) with a request id on every HTTP log line: taken from `x-request-id` when a caller (the
 * BFF, an ingress) set one, generated otherwise, and echoed back in the response.
 */
export function loggingModule(options: { service: string; level: string }) {
  return LoggerModule.forRoot({ pinoHttp: httpLogOptions(options) });
}

/** The pino-http settings of every app (exported for the test that reads the log lines they produce). */
export function httpLogOptions(options: { service: string; level: string }): Options {
  return {
    name: options.service,
    level: options.level,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      const id = (Array.isArray(incoming) ? incoming[0] : incoming) || randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    serializers: {
      req: (req: SerializedRequest) => {
        if (typeof req.url === 'string') req.url = redactUrlToken(req.url);
        // A copy: the serialized request shares the query object with the live request.
        if (req.query && 'token' in req.query) req.query = { ...req.query, token: '[redacted]' };
        return req;
      },
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    // A 5xx is an error of ours, logged as one (`npm start` shows it; LOG_LEVEL=warn keeps it); a 4xx is the caller's.
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) => (error !== undefined || res.statusCode >= 500 ? 'error' : 'info'),
    // Probes hit every few seconds; they would drown the log.
    autoLogging: { ignore: (req: IncomingMessage) => Boolean(req.url?.startsWith('/health')) },
  };
}
