import { useMemo, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Release } from '@cr/contract/release.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { useAuth } from '../../../lib/auth-store';
import { formatDate } from '../../../lib/dates';
import { renderMarkdown } from '../../../lib/markdown';
import { useListData } from '../../../lib/use-list-data';
import { releaseApi } from '../api/release-api';
import { ReleaseFormModal } from '../components/release-form-modal';
import '../releases.css';
import { useFeedback } from '../../../lib/use-feedback';

function ReleaseBody({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div className="cr-release__body" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** /whats-new: the release notes, newest first; admins add, edit and delete them (delete asks first). */
export function WhatsNewPage() {
  const { t } = useTranslation('releases');
  const { message } = useFeedback();
  const { is_admin } = useAuth();
  const { data, loading, error, reload } = useListData((signal) => releaseApi.list(signal), 'releases');
  const [editing, setEditing] = useState<Release | 'new' | null>(null);
  const remove = async (r: Release) => {
    try {
      await releaseApi.remove(r._id);
      void message.success(t('deleted'));
      reload();
    } catch (err) {
      void message.error(errorText(t, err));
    }
  };
  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ title: t('title') }]}
        subtitle={t('subtitle')}
        extra={
          is_admin && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              data-testid="release-add"
            >
              {t('add')}
            </Button>
          )
        }
      />
      {loading ? (
        <PageLoading shape="list" />
      ) : error ? (
        <Alert
          type="error"
          showIcon
          title={errorText(t, error)}
          action={<Button onClick={reload}>{t('retry')}</Button>}
        />
      ) : !data || data.list.length === 0 ? (
        <Card className="cr-card">
          <EmptyState description={t('empty')} />
        </Card>
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="release-list">
          {data.list.map((r) => (
            <Card
              key={r._id}
              className="cr-card cr-release"
              data-testid="release"
              title={
                <div className="cr-release__head">
                  <h2 className="cr-release__name">{r.name}</h2>
                  <span className="cr-release__date">{formatDate(`${r.date}T12:00:00`)}</span>
                </div>
              }
              extra={
                is_admin && (
                  <Space>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => setEditing(r)}
                      aria-label={t('editNamed', { name: r.name })}
                      data-testid="release-edit"
                    />
                    <Popconfirm
                      title={t('confirmDelete')}
                      okText={t('confirm')}
                      cancelText={t('cancel')}
                      onConfirm={() => remove(r)}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('deleteNamed', { name: r.name })}
                        data-testid="release-delete"
                      />
                    </Popconfirm>
                  </Space>
                )
              }
            >
              <ReleaseBody text={r.description} />
            </Card>
          ))}
        </Space>
      )}
      {editing && (
        <ReleaseFormModal
          release={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </>
  );
}
