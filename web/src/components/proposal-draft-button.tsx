import { useState } from 'react';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import i18next from 'i18next';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { proposalDetailSchema } from '@cr/contract/proposal.contract';
import { api } from '../lib/api-client';
import { ApiError } from '../lib/api-errors';
import { useAuth } from '../lib/auth-store';
import { paths } from '../lib/paths';
import { useFeedback } from '../lib/use-feedback';

const TEXTS = {
  en: {
    fromSuggestion: 'Prepare a proposal draft',
    fromSuggestionHint:
      'Opens your draft of this suggestion (created on first use): write the proposal text, then publish it on chain.',
    blank: 'New proposal draft',
    untitled: 'Untitled proposal draft',
    failed: 'The draft could not be created.',
    notCouncil: 'Only council members seated on chain in the current term may prepare proposals.',
    notFound: 'The suggestion was not found or is no longer active.',
  },
  zh: {
    fromSuggestion: '准备提案草案',
    fromSuggestionHint: '打开你基于该建议的草案（首次使用时创建）：撰写提案文本，然后在链上发布。',
    blank: '新建提案草案',
    untitled: '未命名的提案草案',
    failed: '无法创建草案。',
    notCouncil: '只有本届链上在任的委员可以准备提案。',
    notFound: '未找到该建议，或它已不再有效。',
  },
};
const NS = 'proposalDraft';
function register(): void {
  if (i18next.hasResourceBundle('en', NS)) return;
  for (const lang of ['en', 'zh'] as const) i18next.addResourceBundle(lang, NS, TEXTS[lang], true, true);
}
if (i18next.isInitialized) register();
else i18next.on('initialized', register);

export interface ProposalDraftButtonProps {
  /** The suggestion the draft presents (its budget and terms come with it); none for a blank draft. */
  suggestion?: { _id: string; title: string };
}

/**
 * Council members only: creates a DRAFT proposal (POST /api/proposals; one per member and suggestion, asking again
 * opens the existing one) and opens it at /proposals/{id}/edit, where it is written, published or deleted.
 */
export function ProposalDraftButton({ suggestion }: ProposalDraftButtonProps) {
  const { t } = useTranslation(NS);
  const { is_council } = useAuth();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!is_council) return null;

  const create = async () => {
    setBusy(true);
    try {
      const draft = await api.post(
        '/api/proposals',
        {
          suggestionId: suggestion?._id ?? null,
          title: suggestion?.title || t('untitled'),
          contentFormat: 'MARKDOWN',
          conflict: false,
        },
        { schema: proposalDetailSchema },
      );
      void navigate(paths.proposalEdit(draft._id));
    } catch (err) {
      const type = err instanceof ApiError ? err.type : undefined;
      message.error(
        type === 'proposal.not_council'
          ? t('notCouncil')
          : type === 'suggestion.not_found'
            ? t('notFound')
            : t('failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      icon={<EditOutlined />}
      loading={busy}
      onClick={() => void create()}
      title={suggestion ? t('fromSuggestionHint') : undefined}
      data-testid="proposal-draft"
    >
      {suggestion ? t('fromSuggestion') : t('blank')}
    </Button>
  );
}
