import { useState } from 'react';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Community } from '@cr/contract/community.contract';
import { useAuth } from '../../../lib/auth-store';
import { countryName } from '../../../lib/countries';
import { paths } from '../../../lib/paths';
import { communityApi } from '../api/community-api';
import { CommunityDialog, type DialogKind } from './community-dialogs';
import { communityFailure } from './community-errors';
import { useFeedback } from '../../../lib/use-feedback';
import { compareNames } from '../../../lib/compare-names';

/** Children by parent id, each list by name. */
function childrenOf(list: Community[]): Map<string | null, Community[]> {
  const ids = new Set(list.map((c) => c._id));
  const map = new Map<string | null, Community[]>();
  for (const c of list) {
    const key = c.parentId && ids.has(c.parentId) ? c.parentId : null;
    map.set(key, [...(map.get(key) ?? []), c]);
  }
  for (const v of map.values()) v.sort((a, b) => compareNames(a.name, b.name));
  return map;
}

function CommunityNode({
  community,
  kids,
  admin,
  onChanged,
}: {
  community: Community;
  kids: Map<string | null, Community[]>;
  admin: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('communities');
  const { message } = useFeedback();
  const { is_login, is_admin } = useAuth();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const c = community;
  const children = kids.get(c._id) ?? [];

  const run = async (call: () => Promise<unknown>, done: string, fallback: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await call();
      void message.success(done);
      onChanged();
    } catch (err) {
      setFailure(communityFailure(t, err, fallback));
    } finally {
      setBusy(false);
    }
  };
  const label = c.type === 'COUNTRY' ? countryName(c.country, i18n.language) : c.name;

  return (
    <li className="cr-community" data-testid={`community-${c.type}`} data-name={c.name}>
      <div className="cr-community__row">
        <div className="cr-community__main">
          <span className="cr-community__name">{label}</span> <Tag>{t(`types.${c.type}`)}</Tag>
          {c.myRole && <Tag color="green">{t(`roles.${c.myRole}`)}</Tag>}
          <div className="cr-community__meta">
            {t('members', { count: c.memberCount })}
            {c.organizers.length > 0 && (
              <>
                {' · '}
                {t('organizers')}:{' '}
                {c.organizers.map((o, i) => (
                  <span key={o._id}>
                    {i > 0 && ', '}
                    <Link to={paths.member(o._id)}>{o.name}</Link>
                    {admin && (
                      <Popconfirm
                        title={t('removeOrganizerConfirm', { name: o.name })}
                        okText={t('confirm')}
                        cancelText={t('cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          void run(() => communityApi.removeOrganizer(c._id, o._id), t('updated'), 'failed')
                        }
                      >
                        <Button
                          type="link"
                          size="small"
                          danger
                          aria-label={t('removeOrganizer', { name: o.name })}
                        >
                          ×
                        </Button>
                      </Popconfirm>
                    )}
                  </span>
                ))}
              </>
            )}
          </div>
        </div>
        <Space wrap size={8} className="cr-community__actions">
          {is_login && !c.myRole && (
            <Button
              type="primary"
              size="small"
              loading={busy}
              onClick={() =>
                void run(() => communityApi.join(c._id), t('joined'), 'messages.community.join_failed')
              }
              data-testid="community-join"
            >
              {t('join')}
            </Button>
          )}
          {is_login && c.myRole && (
            <Popconfirm
              title={t('leaveConfirm')}
              okText={t('confirm')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => void run(() => communityApi.leave(c._id), t('left'), 'failed')}
            >
              <Button size="small" loading={busy} data-testid="community-leave">
                {t('leave')}
              </Button>
            </Popconfirm>
          )}
          {c.canManage && (
            <>
              <Button size="small" onClick={() => setDialog('sub')} data-testid="community-add-sub">
                {t('addSub')}
              </Button>
              <Button
                size="small"
                onClick={() => setDialog('organizer')}
                data-testid="community-add-organizer"
              >
                {t('addOrganizer')}
              </Button>
              {c.type !== 'COUNTRY' && (
                <Button size="small" onClick={() => setDialog('rename')}>
                  {t('rename')}
                </Button>
              )}
            </>
          )}
          {is_admin && admin && children.length === 0 && (
            <Popconfirm
              title={t('deleteConfirm', { name: label })}
              okText={t('confirm')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => void run(() => communityApi.remove(c._id), t('deleted'), 'failed')}
            >
              <Button size="small" danger data-testid="community-delete">
                {t('delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </div>
      {failure && (
        <div role="alert" className="cr-community__failure" data-testid="community-error">
          {failure}
        </div>
      )}
      {children.length > 0 && (
        <ul className="cr-community__children">
          {children.map((k) => (
            <CommunityNode key={k._id} community={k} kids={kids} admin={admin} onChanged={onChanged} />
          ))}
        </ul>
      )}
      {dialog && (
        <CommunityDialog
          kind={dialog}
          community={c}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onChanged();
          }}
        />
      )}
    </li>
  );
}

/** A country's communities as a nested list (map-free): the COUNTRY community at the top, the rest below. */
export function CommunityTree({
  list,
  admin = false,
  onChanged,
}: {
  list: Community[];
  admin?: boolean;
  onChanged: () => void;
}) {
  const kids = childrenOf(list);
  return (
    <ul className="cr-community-tree" data-testid="community-tree">
      {(kids.get(null) ?? []).map((c) => (
        <CommunityNode key={c._id} community={c} kids={kids} admin={admin} onChanged={onChanged} />
      ))}
    </ul>
  );
}
