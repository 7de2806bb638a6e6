import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../mail/mail-compose';
import { passwordChangedMail, registrationCodeMail, resetLinkMail } from './account-mail';

describe('account mail', () => {
  it('escapes user-supplied text in the HTML part', () => {
    const mail = resetLinkMail(
      'a@example.org',
      '<img src=x onerror=alert(1)>"Bob"',
      'https://cr.example/reset-password?token=abc&x=<y>',
      60,
      'en',
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;Bob&quot;');
    expect(mail.html).toContain('href="https://cr.example/reset-password?token=abc&amp;x=&lt;y&gt;"');
    expect(escapeHtml(`'&`)).toBe('&#39;&amp;');
  });

  it('writes in both languages when the language is not known, else in the member’s language', () => {
    const code = registrationCodeMail('a@example.org', '123456', 15);
    expect(code.subject).toBe('Your Cyber Republic confirmation code / 您的 Cyber Republic 验证码');
    expect(code.text).toContain('Your confirmation code is 123456. It works for 15 minutes.');
    expect(code.text).toContain('您的验证码是 123456，15 分钟内有效。');
    const zh = passwordChangedMail('a@example.org', 'Li', 'https://cr.example/forgot-password', 'zh');
    expect(zh.subject).toBe('您的 Cyber Republic 密码已修改');
    expect(zh.text).not.toMatch(/[A-Za-z]{12,}/);
    const en = passwordChangedMail('a@example.org', 'Li', 'https://cr.example/forgot-password', 'en');
    expect(en.text).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
