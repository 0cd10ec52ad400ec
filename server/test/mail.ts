import type { TestApp } from './harness.js';

/** A mail of the outbox decoded: its recipient, subject, and its plain-text and HTML parts. */
export type DecodedMail = { to: string; subject: string; text: string; html: string };

function decodeWords(header: string): string {
  return header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function decodePart(part: string): string {
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  if (/content-transfer-encoding: base64/i.test(head!)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(head!)) {
    const bytes = content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return content;
}

/** One outbox mail decoded. */
export function decodeMail({ to, raw }: { to: string; raw: string }): DecodedMail {
  const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/m.exec(headers)?.[1] ?? '');
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headers)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const of = (type: string) => decodePart(parts.find((p) => new RegExp(`content-type: ${type}`, 'i').test(p))?.trim() ?? '');
  return { to, subject, text: of('text/plain'), html: of('text/html') };
}

/** The outbox's mails whose link is `link` (one kind of mail), decoded, oldest first. */
export function decodedMails(t: Pick<TestApp, 'mails'>, link: string): DecodedMail[] {
  return t
    .mails()
    .filter((m) => m.link === link)
    .map(decodeMail);
}
