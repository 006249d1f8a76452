import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface NatsConnectionOptions {
  /** Comma-separated server URLs, e.g. `nats://127.0.0.1:4222`. */
  servers: string;
  /** Shown in the server's connection list: the process name. */
  name: string;
}

/**
 * One connection per process; reconnects forever so a NATS restart does not take the service down.
 * `noAsyncTraces`: the client otherwise builds an Error (a stack trace) at the start of every request, to name the
 * caller should it fail: each JetStream publish and each consumer's acknowledgement is such a request, and a CPU
 * profile of the SMS webhook bench showed those traces at about 3 % of the messaging process. Our callers log their
 * own context (subject, event id) with any failure.
 */
export function connectNats({ servers, name }: NatsConnectionOptions): Promise<NatsConnection> {
  return connect({
    servers: servers.split(',').map((s) => s.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    noAsyncTraces: true,
  });
}
