export { MAIL_SENDER, type MailSender, type OutgoingMail, type OutgoingAttachment } from './mail-sender.js';
export { SmtpMailSender, createMailSender, type SmtpMailSenderOptions } from './smtp-mail-sender.js';
export { MailSinkClient, type SinkMessage } from './mail-sink-client.js';
