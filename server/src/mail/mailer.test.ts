import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes the mail as a file only its owner reads, and logs the file, never the link and its token', async () => {
    const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'panel-mailer-')), 'outbox');
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const link = 'http://panel.test/reset-password/ONE-TIME-TOKEN-123';
    const mailer = createMailer({ from: 'panel@panel.test', outbox, log });
    await mailer.send({ to: 'r@panel.test', subject: 'Reset', text: `Open ${link}`, html: `<a href="${link}">Reset</a>`, link });

    const [file] = fs.readdirSync(outbox);
    expect(fs.readFileSync(path.join(outbox, file!), 'utf8')).toContain('ONE-TIME-TOKEN-123');
    expect(fs.statSync(path.join(outbox, file!)).mode & 0o777).toBe(0o600);
    expect(lines.join('\n')).toContain(file);
    expect(lines.join('\n')).not.toContain('ONE-TIME-TOKEN-123');
    fs.rmSync(path.dirname(outbox), { recursive: true, force: true });
  });
});
