import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { readMessage } from './mime-read';

async function compose(mail: { subject: string; text: string; html?: string }): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from: 'CR <no-reply@example.org>', to: 'a@example.org', ...mail });
  return (info.message as Buffer).toString('utf8');
}

describe('readMessage', () => {
  it('reads back the subject, text and HTML nodemailer wrote, including Chinese and long lines', async () => {
    const text = `您好 — your code is 123456.\n${'long line '.repeat(30)}\nhttps://example.org/reset?token=abc_DEF-123`;
    const raw = await compose({ subject: '确认码 Confirmation code', text, html: '<p>您好</p>' });
    const m = readMessage(raw);
    expect(m.subject).toBe('确认码 Confirmation code');
    expect(m.text.trim()).toBe(text);
    expect(m.html).toBe('<p>您好</p>');
    expect(m.to).toEqual(['a@example.org']);
  });
});
