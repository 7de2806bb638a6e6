import { useMemo } from 'react';
import { renderMarkdown } from '../../../lib/markdown';
// docs/ is the repository's documentation, not a workspace package: built into the page as text.
// eslint-disable-next-line workspace/relative-import
import chainActions from '../../../../../docs/chain-actions.md?raw';

/** docs/chain-actions.md, built into the page: the statements each signer approves and the contracts' rules. */
export function StatementFormats() {
  // The document's own title is the card's; its sections stay.
  const html = useMemo(() => renderMarkdown(chainActions.replace(/^# .*\n/, '')), []);
  return <div className="vf-doc" dangerouslySetInnerHTML={{ __html: html }} />;
}
