/**
 * The benchmark's bare NATS baseline, run as its own process (as a service is): answers each `subject` with a canned
 * copy of a real reply, byte for byte, doing nothing else. What a request through BFF and service costs above this
 * is the platform's own overhead (HTTP, auth, validation, database, JSON), not NATS's.
 *
 * Started by portfolio-bench.ts with an IPC channel: it receives `{ natsUrl, replies }`, subscribes, answers `ready`,
 * and closes its connection when the channel closes.
 */
import { connect } from '@nats-io/transport-node';

export interface CannedReply {
  subject: string;
  /** The reply bytes, base64 (IPC carries JSON). */
  reply: string;
}

export interface CannedResponderSetup {
  natsUrl: string;
  replies: CannedReply[];
}

process.once('message', (message) => {
  void serve(message as CannedResponderSetup).catch((error: unknown) => {
    process.stderr.write(`canned responder: ${String(error)}\n`);
    process.exit(1);
  });
});

async function serve({ natsUrl, replies }: CannedResponderSetup): Promise<void> {
  const nc = await connect({ servers: natsUrl, name: 'bench-canned-responder' });
  for (const { subject, reply } of replies) {
    const bytes = Buffer.from(reply, 'base64');
    nc.subscribe(subject, { callback: (_error, msg) => void msg.respond(bytes) });
  }
  await nc.flush();
  process.send?.('ready');
  process.once('disconnect', () => void nc.close());
}
