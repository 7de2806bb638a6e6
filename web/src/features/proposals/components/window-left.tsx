import { useTranslation } from 'react-i18next';
import type { ProposalStatus, ProposalWindow } from '@cr/contract/proposal.contract';
import { BlockEta } from '../../../components/block-eta/block-eta';
import { openWindow } from '../model/proposal-status';

/** The time left in the proposal's open window (council vote or community veto), live; "—" when none is open. */
export function WindowLeft({
  status,
  window: w,
  compact = true,
}: {
  status: ProposalStatus;
  window: ProposalWindow;
  compact?: boolean;
}) {
  const { t } = useTranslation('proposals');
  const open = openWindow(status);
  const end = open === 'vote' ? w.votingEndHeight : open === 'veto' ? w.vetoEndHeight : null;
  if (!open || end === null) return <span className="pr-muted">—</span>;
  return (
    <span className="pr-window-left" data-window={open}>
      <span className="pr-window-left__what">
        {t(open === 'vote' ? 'window.voteEnds' : 'window.vetoEnds')}
      </span>
      <BlockEta compact={compact} endHeight={end} endedText={t('window.closing')} />
    </span>
  );
}
