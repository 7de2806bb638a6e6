import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Collapse, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NominationSigner, NominationState } from '@cr/contract/nomination.contract';
import { ensureProposalWalletTexts } from '../../../components/make-proposal-button';
import { WalletRequestDialog } from '../../../components/wallet-request/wallet-request-dialog';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { suggestionApi, type SuggestionDetail } from '../api/suggestion-api';
import { useErrorText } from '../model/error-text';
import { useFeedback } from '../../../lib/use-feedback';

/** Types whose registration waits for co-signatures (CHANGE_OWNER, CHANGE_SECRETARY on chain). */
export const NEEDS_COSIGN = new Set(['CHANGE_PROPOSAL', 'CHANGE_SECRETARY']);

function roleHelp(kind: NominationState['kind'], role: NominationSigner['role']) {
  if (role === 'SECRETARY') return 'cosign.roleHelpCosign';
  return kind === 'CHANGE_OWNER' ? 'cosign.roleHelpOwner' : 'cosign.roleHelpSecretary';
}

/**
 * A change suggestion's co-signatures (spec §6): who must sign this version (the nominee; for a change of owner
 * also the secretary general), who has, and for the person whose turn it is a button that opens the QR dialog
 * (wallet action `co-sign-nomination`). A council member cannot make it a proposal before all are given.
 */
export function CoSignaturesPanel({ s }: { s: SuggestionDetail }) {
  const { t } = useTranslation('suggestions');
  const errorText = useErrorText();
  const { message } = useFeedback();
  const [state, setState] = useState<NominationState | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState(false);
  const load = useCallback(() => {
    suggestionApi
      .nominations(s._id)
      .then((next) => {
        setState(next);
        setError(null);
      })
      .catch(setError);
  }, [s._id]);
  useEffect(() => {
    ensureProposalWalletTexts();
    load();
  }, [load, s.version]);

  if (error && !state) return <Alert type="error" showIcon title={errorText(error)} />;
  if (!state) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!state.required) return null;

  return (
    <section className="sg-cosign" aria-labelledby="sg-cosign-title" data-testid="cosign-panel">
      <Typography.Title level={2} id="sg-cosign-title" className="sg-section__title">
        <TeamOutlined /> {t('cosign.title')}
      </Typography.Title>
      <p className="sg-muted">{t('cosign.help')}</p>
      {state.blocked && (
        <Alert
          type="warning"
          showIcon
          data-testid="cosign-blocked"
          title={t('cosign.blocked')}
          description={t(`errors.${state.blocked.type}`, { defaultValue: state.blocked.message })}
        />
      )}
      <ul className="sg-cosign__list">
        {state.signers.map((x) => (
          <li
            key={x.role}
            className="sg-cosign__item"
            data-testid="cosigner"
            data-role={x.role}
            data-signed={x.signed}
          >
            <div className="sg-cosign__who">
              <Tag>{t(`cosign.role.${x.role}`)}</Tag>
              {x.user ? <Link to={paths.member(x.user._id)}>{x.user.name}</Link> : null}
              <span className="sg-muted">{t(roleHelp(state.kind, x.role))}</span>
            </div>
            {x.did ? (
              <Typography.Text className="sg-code sg-break">{x.did}</Typography.Text>
            ) : (
              <span className="sg-muted">{t('cosign.noSecretary')}</span>
            )}
            <div>
              {x.signed ? (
                <span className="sg-ok" data-testid="cosign-state">
                  <CheckCircleFilled /> {t('cosign.signed', { time: formatDateTime(x.signedAt!) })}
                </span>
              ) : (
                <span className="sg-muted" data-testid="cosign-state">
                  <ClockCircleOutlined /> {t('cosign.waiting')}
                </span>
              )}
            </div>
            {x.statement && (
              <Collapse
                size="small"
                ghost
                items={[
                  {
                    key: 's',
                    label: t('cosign.statement'),
                    children: <Typography.Text className="sg-code sg-break">{x.statement}</Typography.Text>,
                  },
                ]}
              />
            )}
          </li>
        ))}
      </ul>
      {state.complete && (
        <Alert type="success" showIcon title={t('cosign.complete')} data-testid="cosign-complete" />
      )}
      {state.mySignRole && (
        <Button type="primary" block onClick={() => setOpen(true)} data-testid="cosign-button">
          {t('cosign.sign')}
        </Button>
      )}
      <WalletRequestDialog
        open={open}
        request={{
          action: 'co-sign-nomination',
          params: { suggestionId: s._id, role: state.mySignRole ?? 'NOMINEE' },
        }}
        title={t('cosign.dialogTitle', { number: s.number })}
        description={t('cosign.dialogText')}
        onSigned={() => {
          setOpen(false);
          message.success(t('cosign.done'));
          load();
        }}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
