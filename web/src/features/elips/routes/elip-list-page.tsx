import { Button, DatePicker, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame';
import { useAuth } from '../../../lib/auth-store';
import { DATE_FORMAT } from '../../../lib/dates';

/** What each viewer may filter by: the secretary reviews every status, everyone else sees public ones. */
const PUBLIC_STATUSES = ['DRAFT', 'CANCELLED', 'SUBMITTED_AS_PROPOSAL'];
const ALL_STATUSES = [
  'DRAFT',
  'WAIT_FOR_REVIEW',
  'FINAL_REVIEW',
  'SUBMITTED_AS_PROPOSAL',
  'REJECTED',
  'CANCELLED',
];
const TYPES = [
  { value: 'STANDARD_TRACK', label: 'elips.typeStandard' },
  { value: 'PROCESS', label: 'elips.typeProcess' },
  { value: 'INFORMATIONAL', label: 'elips.typeInformational' },
];

/** /elips */
export function ElipListPage() {
  const { t } = useTranslation();
  const { is_login, is_secretary } = useAuth();
  const statuses = is_secretary ? ALL_STATUSES : PUBLIC_STATUSES;
  return (
    <PageFrame
      title={t('elips.title')}
      breadcrumbs={[{ title: t('elips.title') }]}
      subtitle={t('elips.subtitle')}
      extra={
        <Link to={is_login ? '/elips/new' : '/login'}>
          <Button type="primary" icon={<PlusOutlined />}>
            {t('elips.add')}
          </Button>
        </Link>
      }
      emptyText={t('elips.empty')}
      toolbar={
        <>
          <Select
            aria-label={t('common.status')}
            placeholder={t('common.status')}
            allowClear
            options={statuses.map((s) => ({ value: s, label: t(`elips.status.${s}`) }))}
            style={{ width: 200 }}
          />
          <Select
            aria-label={t('elips.type')}
            placeholder={t('elips.typeAll')}
            allowClear
            options={TYPES.map((o) => ({ value: o.value, label: t(o.label) }))}
            style={{ width: 180 }}
          />
          <DatePicker.RangePicker aria-label={t('common.createdDate')} format={DATE_FORMAT} />
          <Select
            aria-label={t('common.sortBy')}
            defaultValue="createdAt"
            options={[
              { value: 'createdAt', label: t('elips.sortCreated') },
              { value: 'updatedAt', label: t('elips.sortUpdated') },
            ]}
            style={{ width: 150 }}
          />
        </>
      }
    />
  );
}
