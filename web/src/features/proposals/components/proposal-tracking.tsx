import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProposalDetail } from '@cr/contract/proposal.contract';
import { useProposalTracking } from '../hooks/use-proposal-tracking';
import { SecretariatNotes } from './secretariat-notes';
import { TrackingSection } from './tracking-section';

/** Statuses in which a proposal is being (or was) executed: its tracking and summary are shown. */
const EXECUTION = new Set(['ACTIVE', 'FINAL', 'INCOMPLETED', 'TERMINATED']);

/** The execution part of a proposal page: secretariat notes, then the tracking and summary tabs. */
export function ProposalTracking({ p }: { p: ProposalDetail }) {
  const { t } = useTranslation('proposals');
  const { list, notes, reloadList, setNotes } = useProposalTracking(p._id);
  const showNotes = !!notes && (!!notes.current?.content || notes.history.length > 0 || notes.my.canEdit);
  return (
    <>
      {showNotes && (
        <Card className="cr-card" title={<h2 className="pr-card-title">{t('notes.title')}</h2>}>
          <SecretariatNotes proposalId={p._id} notes={notes} onSaved={setNotes} />
        </Card>
      )}
      {EXECUTION.has(p.status) && (
        <Card
          className="cr-card"
          title={<h2 className="pr-card-title">{t('tracking.title')}</h2>}
          data-testid="proposal-tracking"
        >
          <TrackingSection proposalId={p._id} list={list} reload={reloadList} />
        </Card>
      )}
    </>
  );
}
