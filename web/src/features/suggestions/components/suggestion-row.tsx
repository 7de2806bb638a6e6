import { DislikeOutlined, EyeOutlined, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SuggestionSummary } from '@cr/contract/suggestion.contract';
import { formatDate } from '../../../lib/dates';
import { markdownExcerpt } from '../../../lib/markdown-excerpt';
import { authorName, StatusTags } from './status-tags';
import { MemberAvatar } from '../../../components/member-avatar';
import { paths } from '../../../lib/paths';

/** One suggestion in a list: number, title, author, status and tags, counters, created date (MM/DD/YYYY). */
export function SuggestionRow({ s }: { s: SuggestionSummary }) {
  const { t } = useTranslation('suggestions');
  return (
    <article className="sg-item" data-testid="suggestion-row" aria-labelledby={`sg-item-${s._id}`}>
      <div className="sg-item__top">
        <span className="sg-number">#{s.number}</span>
        <h2 className="sg-item__title" id={`sg-item-${s._id}`}>
          <Link to={paths.suggestion(s.number)}>{s.title}</Link>
        </h2>
      </div>
      <div className="sg-item__meta">
        <span className="sg-author">
          <MemberAvatar size={20} src={s.author.avatar} />
          {authorName(s.author)}
        </span>
        <span>{t('list.created', { date: formatDate(s.createdAt) })}</span>
        <span>{t(`types.${s.type}.label`)}</span>
        {s.budgetTotal && <span>{t('list.budget', { amount: s.budgetTotal })}</span>}
      </div>
      <StatusTags s={s} />
      {s.abstract && <p className="sg-item__abstract">{markdownExcerpt(s.abstract)}</p>}
      <div className="sg-item__counts">
        <span aria-label={t('actions.like', { count: s.likesNum })}>
          <LikeOutlined /> {s.likesNum}
        </span>
        <span aria-label={t('actions.dislike', { count: s.dislikesNum })}>
          <DislikeOutlined /> {s.dislikesNum}
        </span>
        <Link
          to={paths.suggestion(s.number, { comments: true })}
          aria-label={t('actions.commentsCount', { count: s.commentsNum })}
        >
          <MessageOutlined aria-hidden /> {s.commentsNum}
        </Link>
        <span aria-label={t('actions.views', { count: s.viewsNum })}>
          <EyeOutlined /> {s.viewsNum}
        </span>
      </div>
    </article>
  );
}
