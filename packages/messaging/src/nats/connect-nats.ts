import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface NatsConnectionOptions {
  /** Comma-separated server URLs, e.g. `nats://127.0.0.1:4222`. */
  servers: string;
  /** Shown in the server's connection list: the process name. */
  name: string;
}

/** One connection per process; reconnects forever so a NATS restart does not take the service down. */
export function connectNats({ servers, name }: NatsConnectionOptions): Promise<NatsConnection> {
  return connect({
    servers: servers.split(',').map((s) => s.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
}
