import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '../../../lib/markdown';
import statementFormatsEn from '../docs/statement-formats.en.md?raw';
import statementFormatsZh from '../docs/statement-formats.zh.md?raw';

/** The statements each signer approves and the rules the contracts enforce, in the reader's language. */
export function StatementFormats() {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh';
  const html = useMemo(() => renderMarkdown(zh ? statementFormatsZh : statementFormatsEn), [zh]);
  return <div className="vf-doc" dangerouslySetInnerHTML={{ __html: html }} />;
}
