import { LogTimestamp, type Logger, type LogLevel, type LogMetadata } from '@temporalio/worker';

export type LogLevelName = 'trace' | 'debug' | 'info' | 'warn' | 'error';

const severity: Record<LogLevel, number> = { TRACE: 10, DEBUG: 20, INFO: 30, WARN: 40, ERROR: 50 };

/**
 * One JSON object per line on stdout, the shape log collectors ingest without parsing rules. It implements the
 * Temporal SDK's Logger so the SDK's own lines (worker state, activity and workflow logs, forwarded core logs) come
 * out in the same format as ours.
 */
export class JsonLogger implements Logger {
  constructor(
    private readonly level: LogLevelName,
    private readonly bindings: LogMetadata = {},
    private readonly write: (line: string) => void = (line) => process.stdout.write(line),
  ) {}

  child(bindings: LogMetadata): JsonLogger {
    return new JsonLogger(this.level, { ...this.bindings, ...bindings }, this.write);
  }

  log(level: LogLevel, message: string, meta: LogMetadata = {}): void {
    if (severity[level] < severity[this.level.toUpperCase() as LogLevel]) return;
    // Workflow and core lines carry the time they were emitted at; a replayed workflow log keeps its original time.
    const nanos: unknown = meta[LogTimestamp];
    const time = typeof nanos === 'bigint' ? new Date(Number(nanos / 1_000_000n)) : new Date();
    const entry = { time: time.toISOString(), level: level.toLowerCase(), msg: message, ...this.bindings, ...meta };
    this.write(`${JSON.stringify(entry, jsonSafe)}\n`);
  }

  trace(message: string, meta?: LogMetadata): void {
    this.log('TRACE', message, meta);
  }

  debug(message: string, meta?: LogMetadata): void {
    this.log('DEBUG', message, meta);
  }

  info(message: string, meta?: LogMetadata): void {
    this.log('INFO', message, meta);
  }

  warn(message: string, meta?: LogMetadata): void {
    this.log('WARN', message, meta);
  }

  error(message: string, meta?: LogMetadata): void {
    this.log('ERROR', message, meta);
  }
}

// The SDK puts bigints and Error objects into metadata; JSON.stringify throws on the first and prints `{}` for the second.
function jsonSafe(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
