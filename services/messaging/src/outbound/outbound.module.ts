import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { FileStore } from '@pm/files';
import { createMailSender, MAIL_SENDER, type MailSender } from '@pm/mail';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { AuditTrail } from './audit-trail.js';
import { OutboundDispatchWorker, BATCH_SIZE } from './outbound-dispatch.worker.js';
import { OutboundDispatcher } from './outbound-dispatcher.js';
import { OutboundQueue } from './outbound-queue.js';
import { SandboxSmsCarrier } from './sandbox-sms-carrier.js';
import { SMS_SENDER, type SmsSender } from './sms-sender.js';
import { TwilioSmsSender } from './twilio-sms-sender.js';

/** A provider call's limit, well under the dispatcher's lease (OUTBOUND_LEASE_MS ≥ 30 s). */
const SEND_TIMEOUT_MS = 20_000;

/**
 * Sending: the outbox (`OutboundQueue`), the audit trail, the providers chosen by configuration (Twilio or the sandbox
 * carrier for SMS; SMTP for e-mail, the sink locally) and the dispatcher that delivers through them.
 */
@Module({
  providers: [
    OutboundQueue,
    AuditTrail,
    {
      provide: SMS_SENDER,
      inject: [EntityManager, MESSAGING_CONFIG],
      useFactory: (em: EntityManager, config: MessagingConfig): SmsSender =>
        config.SMS_PROVIDER === 'twilio'
          ? new TwilioSmsSender({ accountSid: config.TWILIO_ACCOUNT_SID!, authToken: config.TWILIO_AUTH_TOKEN!, timeoutMs: SEND_TIMEOUT_MS })
          : new SandboxSmsCarrier(em),
    },
    {
      provide: MAIL_SENDER,
      inject: [MESSAGING_CONFIG],
      // The From of every send is the location's own address; this one is only nodemailer's fallback.
      useFactory: (config: MessagingConfig): MailSender => createMailSender({ url: config.SMTP_URL, from: `no-reply@${config.MAIL_DOMAIN}`, timeoutMs: SEND_TIMEOUT_MS }),
    },
    {
      provide: OutboundDispatcher,
      inject: [EntityManager, MESSAGING_CONFIG, SMS_SENDER, MAIL_SENDER, AuditTrail, { token: FileStore, optional: true }],
      useFactory: (em: EntityManager, config: MessagingConfig, sms: SmsSender, mail: MailSender, audit: AuditTrail, files?: FileStore) =>
        new OutboundDispatcher(
          em,
          { leaseMs: config.OUTBOUND_LEASE_MS, backoffBaseMs: config.OUTBOUND_BACKOFF_BASE_MS, backoffMaxMs: config.OUTBOUND_BACKOFF_MAX_MS, batchSize: BATCH_SIZE },
          { sms, mail, files },
          audit,
        ),
    },
    OutboundDispatchWorker,
  ],
  exports: [OutboundQueue, AuditTrail, SMS_SENDER, MAIL_SENDER, OutboundDispatcher],
})
export class OutboundModule {}
