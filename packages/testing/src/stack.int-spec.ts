import { randomUUID } from 'node:crypto';
import { connect as connectHttp2 } from 'node:http2';
import { connect as connectTcp } from 'node:net';
import { stackEnvKeys } from '@pm/infra';
import { Client as MinioClient } from 'minio';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { createTestSchema, testEnv, testEnvKeys, waitFor } from './index.js';

function hostAndPort(address: string): { host: string; port: number } {
  const url = new URL(address.includes('://') ? address : `tcp://${address}`);
  return { host: url.hostname, port: Number(url.port) };
}

/** One JetStream API request over the raw NATS protocol: proves the server speaks NATS and has JetStream enabled. */
function jetStreamAccountInfo(natsUrl: string): Promise<{ type: string; streams: number }> {
  const { host, port } = hostAndPort(natsUrl);
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ host, port });
    const inbox = `_INBOX.${randomUUID().replaceAll('-', '')}`;
    let buffer = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error('no JetStream answer within 5s')));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (buffer.startsWith('INFO ') && !buffer.includes('CONNECT_SENT')) {
        buffer = 'CONNECT_SENT';
        socket.write(`CONNECT {"verbose":false,"pedantic":false}\r\nSUB ${inbox} 1\r\nPUB $JS.API.INFO ${inbox} 0\r\n\r\n`);
        return;
      }
      const message = /MSG \S+ 1 (\d+)\r\n/.exec(buffer);
      if (message?.index === undefined) return;
      const start = message.index + message[0].length;
      const size = Number(message[1]);
      if (Buffer.byteLength(buffer.slice(start)) < size) return;
      socket.end();
      resolve(JSON.parse(buffer.slice(start, start + size)) as { type: string; streams: number });
    });
  });
}

/** The standard gRPC health check Temporal's frontend implements (what `temporal operator cluster health` calls). */
function temporalFrontendHealth(address: string): Promise<number> {
  const { host, port } = hostAndPort(address);
  const service = Buffer.from('temporal.api.workflowservice.v1.WorkflowService');
  const request = Buffer.concat([Buffer.from([0x0a, service.length]), service]);
  const frame = Buffer.concat([Buffer.from([0]), Buffer.alloc(4), request]);
  frame.writeUInt32BE(request.length, 1);
  return new Promise((resolve, reject) => {
    const session = connectHttp2(`http://${host}:${port}`);
    session.on('error', reject);
    const stream = session.request({
      ':method': 'POST',
      ':path': '/grpc.health.v1.Health/Check',
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', reject);
    stream.on('end', () => {
      session.close();
      const body = Buffer.concat(chunks);
      // HealthCheckResponse { status = 1 (SERVING) } encodes as field 1 varint: 0x08 <status>.
      resolve(body.length >= 7 && body[5] === 0x08 ? (body[6] as number) : -1);
    });
    stream.end(frame);
  });
}

describe('the test infrastructure', () => {
  const env = testEnv();

  it('exports every variable the platform processes read', () => {
    expect([...testEnvKeys].sort()).toEqual([...stackEnvKeys].sort());
  });

  it('PostgreSQL answers SQL, and a test schema is isolated and dropped', async () => {
    const { schema, dropSchema } = await createTestSchema('Stack Check');
    expect(schema).toMatch(/^stack_check_[0-9a-f]{10}$/);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`create table ${client.escapeIdentifier(schema)}.probe (id int primary key)`);
      await client.query(`insert into ${client.escapeIdentifier(schema)}.probe values (7)`);
      const { rows } = await client.query<{ id: number }>(`select id from ${client.escapeIdentifier(schema)}.probe`);
      expect(rows).toEqual([{ id: 7 }]);
      await dropSchema();
      const left = await client.query('select 1 from information_schema.schemata where schema_name = $1', [schema]);
      expect(left.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('NATS answers a JetStream account info request', async () => {
    const info = await jetStreamAccountInfo(env.NATS_URL);
    expect(info.type).toBe('io.nats.jetstream.api.v1.account_info_response');
    expect(typeof info.streams).toBe('number');
  });

  it('MinIO stores and returns an object in the vault bucket', async () => {
    const { host, port } = hostAndPort(env.MINIO_ENDPOINT);
    const minio = new MinioClient({ endPoint: host, port, useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
    const key = `stack-check/${randomUUID()}.txt`;
    const content = `vault probe ${randomUUID()}`;
    await minio.putObject(env.MINIO_BUCKET, key, Buffer.from(content));
    try {
      const stream = await minio.getObject(env.MINIO_BUCKET, key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(content);
    } finally {
      await minio.removeObject(env.MINIO_BUCKET, key);
    }
  });

  it('Temporal reports its workflow service as serving', async () => {
    expect(await temporalFrontendHealth(env.TEMPORAL_ADDRESS)).toBe(1);
  });

  it('an e-mail sent over SMTP lands in the mail sink', async () => {
    const subject = `stack check ${randomUUID()}`;
    const transport = nodemailer.createTransport(env.SMTP_URL);
    await transport.sendMail({ from: 'infra@pm.test', to: 'someone@pm.test', subject, text: 'hello' });
    transport.close();
    const delivered = await waitFor(
      async () => {
        const response = await fetch(`${env.MAIL_UI_URL}/email`);
        const mails = (await response.json()) as { subject: string }[];
        return mails.find((mail) => mail.subject === subject);
      },
      { timeout: 5_000, description: `mail "${subject}" in the sink` },
    );
    expect(delivered.subject).toBe(subject);
  });
});
