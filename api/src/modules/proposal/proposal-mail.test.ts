import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROPOSAL_STATUSES } from '@cr/contract/proposal.contract';
import { composeMail } from '../../mail/mail-compose';
import { PROPOSAL_STATUS_NAMES, reminderParts, statusParts } from './proposal-mail';

const here = path.dirname(fileURLToPath(import.meta.url));
const pageLabels = (lang: string) =>
  (
    JSON.parse(
      fs.readFileSync(path.join(here, `../../../../web/src/features/proposals/locales/${lang}.json`), 'utf8'),
    ) as { status: Record<string, string> }
  ).status;

describe('proposal e-mail texts', () => {
  it('name every status exactly as the proposal pages do, in English and Chinese', () => {
    for (const lang of ['en', 'zh'] as const)
      for (const s of PROPOSAL_STATUSES)
        expect(PROPOSAL_STATUS_NAMES[lang][s], `${lang} ${s}`).toBe(pageLabels(lang)[s]);
  });

  it('write a status change in the recipient’s one language, the title escaped in HTML', () => {
    const ref = { number: 4, title: 'Fix <b>it</b>', link: 'https://cr.example/proposals/4' };
    const zh = composeMail('a@example.org', 'zh', statusParts(ref, 'NOTIFICATION'));
    expect(zh.subject).toBe('提案 #4 当前状态：公示期');
    expect(zh.text).not.toContain('NOTIFICATION');
    expect(zh.text).not.toContain('The status');
    expect(zh.html).toContain('Fix &lt;b&gt;it&lt;/b&gt;');
    const en = composeMail('a@example.org', 'en', statusParts(ref, 'ACTIVE'));
    expect(en.subject).toBe('Proposal #4 is now: Passed');
    expect(en.text).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('give the reminder’s block and estimated time in both languages', () => {
    const parts = reminderParts({ number: 7, title: 'T', link: 'L' }, 1234, new Date('2026-01-02T03:04:05Z'));
    expect(parts.en.subject).toBe(
      'Proposal #7: council voting ends at block 1234 (about 2026-01-02 03:04 UTC)',
    );
    expect(parts.zh.subject).toBe('提案 #7：委员投票将于区块 1234（约 2026-01-02 03:04 UTC）截止');
  });
});
