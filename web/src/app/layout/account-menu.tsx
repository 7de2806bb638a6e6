import { Badge, Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth, useAuthStore } from '../../lib/auth-store';
import { accountApi } from '../../lib/account-api';
import { readApiToken } from '../../lib/session-token';
import { MemberAvatar } from '../../components/member-avatar';
import { paths } from '../../lib/paths';
import { useFeedback } from '../../lib/use-feedback';
import { useInboxUnread } from '../../features/inbox/components/inbox-button';
import { usePersonalRoom, useUnreadStore } from '../../components/social/use-personal-room';

/**
 * The signed-in member's menu: profile, suggestions, messages (with the unread count, also on the avatar), admin
 * (admins), and logout after a confirmation.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user, can } = useAuth();
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const unread = useUnreadStore((s) => s.unread);
  const inboxUnread = useInboxUnread();
  usePersonalRoom(user?._id);
  if (!user) return null;

  const logout = () =>
    modal.confirm({
      title: t('nav.logoutConfirm'),
      okText: t('nav.logout'),
      okType: 'danger',
      onOk: async () => {
        // The tab forgets the token first, which aborts the reads still carrying it, and then the server revokes
        // it: no read can reach the server after the revocation and answer 401. The token is forgotten even when
        // the server cannot be reached (an already revoked or expired token answers 401, which is fine).
        const token = readApiToken();
        useAuthStore.getState().signOut();
        void navigate(paths.login());
        if (token) await accountApi.logout(token).catch(() => undefined);
        void message.success(t('nav.logoutSuccess'));
      },
    });

  const items: MenuProps['items'] = [
    { key: 'profile', label: <Link to={paths.profileInfo()}>{t('nav.myProfile')}</Link> },
    {
      key: 'inbox',
      label: (
        <Link to={paths.inbox()} data-testid="menu-inbox">
          {t('nav.inbox')} <Badge count={inboxUnread} size="small" />
        </Link>
      ),
    },
    { key: 'suggestions', label: <Link to={paths.mySuggestions()}>{t('nav.mySuggestions')}</Link> },
    {
      key: 'messages',
      label: (
        <Link to={paths.messages()} data-testid="menu-messages">
          {t('nav.messages')} <Badge count={unread} size="small" />
        </Link>
      ),
    },
    ...(can('ADMIN') ? [{ key: 'admin', label: <Link to={paths.adminUsers()}>{t('nav.admin')}</Link> }] : []),
    { type: 'divider' as const },
    { key: 'logout', danger: true, label: t('nav.logout'), onClick: logout },
  ];
  const avatar = user.profile.avatar;
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="cr-account" aria-label={t('nav.account', { name: user.username })}>
        <Badge
          count={unread}
          size="small"
          data-testid="unread-badge"
          title={t('nav.unread', { count: unread })}
        >
          <MemberAvatar size={28} src={avatar} />
        </Badge>
        <span className="cr-account__name">{user.username}</span>
        <DownOutlined aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
