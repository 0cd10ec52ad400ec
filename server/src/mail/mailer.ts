import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  /** Extra headers (a customer reminder's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
};

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Where mails go, for the start-up banner. */
  describe(): string;
};

/** SMTP when `SMTP_URL` is set; otherwise each mail is written as an `.eml` file in the outbox (mode 0600: its links carry tokens). */
export function createMailer(options: { smtpUrl?: string; from: string; outbox: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      describe: () => `SMTP (${new URL(options.smtpUrl!).host})`,
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      await fs.mkdir(options.outbox, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outbox, `${stamp}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file, never the link: a link carries a one-time token, and log lines travel further than files.
      options.log.info({ to: mail.to, file }, 'mail written to outbox');
    },
    describe: () => `the outbox folder ${options.outbox}`,
  };
}
