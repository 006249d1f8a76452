import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RpcFailure } from '@pm/messaging';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { RoutingTables } from '../routing/routing-tables.js';
import { InboundEmailPipeline, type MailEnvelope } from './inbound-email-pipeline.js';

/** An SMTP reply: the server sends `code` and the text, and the client knows whether to retry (4xx) or give up (5xx). */
function reply(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/**
 * The SMTP receiver for `*@<MAIL_DOMAIN>`: the way e-mail reaches a location without a provider (locally, any client;
 * in production behind the MX). Recipients are checked while the envelope is given (unknown mailbox 550, more than
 * the cap 452), the message is streamed into MinIO as it arrives with the size limit enforced while reading (past
 * it, the rest is read and discarded and the answer is 552, nothing kept), then read back from MinIO and parsed, and
 * stored with its event before the client hears 250. A failure before that answers 451, so the client retries.
 */
@Injectable()
export class SmtpReceiver implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SmtpReceiver.name);
  private server: SMTPServer | undefined;

  constructor(
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly orm: MikroORM,
    private readonly tables: RoutingTables,
    private readonly pipeline: InboundEmailPipeline,
  ) {}

  /** The port the receiver listens on (the configured one, or the one the system chose for port 0). */
  get port(): number | undefined {
    return (this.server?.server.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.SMTP_INBOUND_PORT === undefined) return;
    const server = new SMTPServer({
      name: this.config.MAIL_DOMAIN,
      banner: 'PM Platform inbound mail',
      size: this.config.SMTP_INBOUND_MAX_BYTES,
      // A receiving MX: anyone may hand us mail for our addresses, nobody relays through us. TLS is terminated in
      // front of it in production (see the README); locally clients speak plain SMTP on loopback.
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      // Parsing holds a message (up to the size limit) in memory: the connection cap bounds that per replica.
      maxClients: 20,
      socketTimeout: 60_000,
      logger: false,
      onRcptTo: (address, session, callback) => {
        this.acceptRecipient(address, session).then(() => callback(), (error: Error) => callback(error));
      },
      onData: (stream, session, callback) => {
        this.receive(stream, session).then(() => callback(), (error: Error) => callback(error));
      },
    });
    server.on('error', (error) => this.logger.error({ err: error }, 'SMTP receiver error'));
    this.server = server;
    server.listen(this.config.SMTP_INBOUND_PORT, this.config.SMTP_INBOUND_HOST);
    await once(server.server, 'listening');
    this.logger.log(`SMTP receiver for *@${this.config.MAIL_DOMAIN} on ${this.config.SMTP_INBOUND_HOST}:${this.port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async acceptRecipient(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    if (session.envelope.rcptTo.length >= this.config.SMTP_INBOUND_MAX_RECIPIENTS) {
      throw reply(452, `4.5.3 Too many recipients: at most ${this.config.SMTP_INBOUND_MAX_RECIPIENTS} per message`);
    }
    const domain = address.address.slice(address.address.lastIndexOf('@') + 1).toLowerCase();
    if (domain !== this.config.MAIL_DOMAIN) throw reply(550, '5.7.1 Relaying denied: this server only receives mail for its own addresses');
    if (!(await this.tables.routeOfEmail(this.em(), address.address))) throw reply(550, `5.1.1 <${address.address}>: no such mailbox`);
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    let stored;
    try {
      // Not destroyed when the store stops reading (over the limit): the rest must still be read to answer 552.
      stored = await this.pipeline.keepRaw(stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>);
    } catch (error) {
      await drain(stream);
      if (error instanceof RpcFailure && error.status === 413) throw reply(552, `5.3.4 Message too big: the limit is ${this.config.SMTP_INBOUND_MAX_BYTES} bytes`);
      if (error instanceof RpcFailure && error.status === 415) throw reply(554, '5.6.0 This is not an Internet message (RFC 5322)');
      this.logger.error({ err: error }, 'inbound e-mail could not be kept: answered 451');
      throw reply(451, '4.3.0 The message could not be stored; try again later');
    }
    // smtp-server counts the size too; FileStore stops first, so this only guards a limit changed in between.
    if (stream.sizeExceeded) {
      await this.pipeline.discard(stored.key);
      throw reply(552, `5.3.4 Message too big: the limit is ${this.config.SMTP_INBOUND_MAX_BYTES} bytes`);
    }
    try {
      const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
      const envelope: MailEnvelope = {
        recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        from: mailFrom,
        // The sender checks' SPF input: who connected, the name it gave, the envelope's sender (empty: a bounce).
        arrival: { kind: 'smtp', ip: session.remoteAddress, helo: session.hostNameAppearsAs || null, mailFrom },
      };
      await this.pipeline.process(stored, envelope, 'smtp');
    } catch (error) {
      this.logger.error({ err: error }, 'inbound e-mail could not be stored: answered 451');
      throw reply(451, '4.3.0 The message could not be stored; try again later');
    }
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}

/** Reads what is left of the message so the SMTP conversation reaches its end and can be answered. */
async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await finished(stream).catch(() => undefined);
}
