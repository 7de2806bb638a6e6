import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchMembers, type MemberHit } from '../../../lib/member-search';

/** A searchable member select (username or name, at least 2 characters); the value is the member's id. */
export function MemberPicker({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('communities');
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<MemberHit[]>([]);
  useEffect(() => {
    if (q.trim().length < 2) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      searchMembers(q.trim(), ctrl.signal).then(
        (r) => setHits(r.list),
        () => undefined,
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [q]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value}
      onChange={onChange}
      placeholder={t('searchMember')}
      notFoundContent={q.trim().length < 2 ? t('searchHint') : t('noMember')}
      options={hits.map((h) => ({ value: h._id, label: `${h.name} (@${h.username})` }))}
      data-testid="organizer-picker"
    />
  );
}
