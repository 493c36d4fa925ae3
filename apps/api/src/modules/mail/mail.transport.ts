import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';

/** One queued mail as the worker hands it to a transport. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Where mail goes: an SMTP server, or the dev mailbox (the outbox row itself). Throws when sending failed. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** Timeouts short enough that a dead server does not hold a worker for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** Sends through nodemailer to SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function createSmtpTransport(opts: { smtpUrl: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Lets a retried mail be recognised as the same message by the receiving side.
        messageId: `<${mail.id}@kikstart.mail>`,
      });
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP the outbox row is the mail: it is marked sent and read at /dev/mailbox. The log
 * says only that it was stored: its address, subject and sign-in or reset links stay out of logs
 * that are kept and shipped elsewhere.
 */
export function createDevMailboxTransport(log: Pick<FastifyBaseLogger, 'info'>): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      log.info({ mailId: mail.id }, 'mail stored in the dev mailbox (read it at /dev/mailbox)');
    },
    async close() {},
  };
}

/** SMTP when SMTP_URL is set; otherwise the dev mailbox, the same rule as config.devMailbox. */
export function createMailTransport(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : createDevMailboxTransport(log);
}
