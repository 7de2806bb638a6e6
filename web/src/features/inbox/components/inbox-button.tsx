import { Badge } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-store';
import { paths } from '../../../lib/paths';
import { useInboxLive, useInboxStore } from '../lib/use-inbox';
import '../inbox.css';

/**
 * The header's inbox link: a bell with the unread count, named for screen readers ("Inbox, 3 unread"). It keeps the
 * member's inbox live on every page (their room and the proposal list room), so the badge moves without a reload.
 */
export function InboxButton() {
  const { t } = useTranslation('inbox');
  const { user } = useAuth();
  useInboxLive(user?._id);
  const unread = useInboxStore((s) => s.inbox?.unread ?? 0);
  if (!user) return null;
  const name = unread > 0 ? t('badge', { count: unread }) : t('badgeNone');
  return (
    <Link
      to={paths.inbox()}
      className="cr-inbox-link"
      aria-label={name}
      title={name}
      data-testid="inbox-badge"
      data-count={unread}
    >
      <Badge count={unread} size="small" overflowCount={99}>
        <BellOutlined aria-hidden="true" className="cr-inbox-link__icon" />
      </Badge>
    </Link>
  );
}

/** The unread count, for the account menu's entry. */
export function useInboxUnread(): number {
  return useInboxStore((s) => s.inbox?.unread ?? 0);
}
