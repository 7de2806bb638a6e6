import { describe, expect, it } from 'vitest';
import { composeMail } from '../../mail/mail-compose';
import { mailJobId } from '@cr/core/queues/mail-queue';
import { reviewedMail, reviewedParts, submittedParts } from './tracking-mail';

const ref = (kind: 'TRACKING' | 'SUMMARY') => ({
  number: 7,
  title: 'Lab <b>rent</b>',
  kind,
  link: 'https://cr.example/proposals/7',
});

describe('tracking e-mail texts', () => {
  it('tell the secretariat what waits for review, in the recipient’s language, the title escaped in HTML', () => {
    const en = composeMail('s@example.org', 'en', submittedParts(ref('SUMMARY')));
    expect(en.subject).toBe('Proposal #7: a summary is waiting for review');
    expect(en.html).toContain('Lab &lt;b&gt;rent&lt;/b&gt;');
    expect(en.text).toContain('https://cr.example/proposals/7');
    const zh = composeMail('s@example.org', 'zh', submittedParts(ref('TRACKING')));
    expect(zh.subject).toBe('提案 #7：有跟踪信息待审核');
    expect(zh.text).not.toContain('review');
  });

  it('carry the rejection comment to the owner (escaped), and none on approval', () => {
    const no = composeMail('o@example.org', 'en', reviewedParts(ref('TRACKING'), 'reject', 'Add <receipts>'));
    expect(no.subject).toBe('Proposal #7: your tracking message was rejected');
    expect(no.text).toContain('Add <receipts>');
    expect(no.html).toContain('Add &lt;receipts&gt;');
    const yes = composeMail('o@example.org', 'zh', reviewedParts(ref('TRACKING'), 'approve', 'ignored'));
    expect(yes.subject).toBe('提案 #7：您的跟踪信息已批准');
    expect(yes.text).not.toContain('ignored');
  });

  it('mail each review round once: the job id names the entry, the round and the recipient', () => {
    const a = mailJobId(reviewedMail('u1', 'e1', 1, 'reject'));
    expect(mailJobId(reviewedMail('u1', 'e1', 1, 'reject'))).toBe(a);
    expect(mailJobId(reviewedMail('u1', 'e1', 2, 'approve'))).not.toBe(a);
  });
});
