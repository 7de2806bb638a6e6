import { useEffect, useState } from 'react';
import { Input, Select, Space } from 'antd';
import type { InputProps } from 'antd';

/**
 * A list's search: what to search by, and the words. The words are sent on Enter or the button (not on each
 * key); changing "search by" sends the words typed so far with it. `search` is the value in the URL.
 */
export function ListSearch<By extends string>({
  searchBy,
  searchBys,
  search,
  onChange,
  labels,
  className,
  byClassName,
  inputProps,
}: {
  searchBy: By;
  searchBys: readonly { value: By; label: string }[];
  search: string | undefined;
  onChange(change: { searchBy?: By; search: string | undefined }): void;
  labels: { searchBy: string; search: string; placeholder: string };
  className?: string;
  byClassName?: string;
  /** Extra props of the text box: its test id, `type`, `inputMode`. */
  inputProps?: Pick<InputProps, 'type' | 'inputMode'> & { 'data-testid'?: string };
}) {
  const [text, setText] = useState(search ?? '');
  useEffect(() => setText(search ?? ''), [search]);
  return (
    <Space.Compact className={className}>
      <Select
        aria-label={labels.searchBy}
        value={searchBy}
        onChange={(v) => onChange({ searchBy: v, search: text.trim() || undefined })}
        options={searchBys.map((o) => ({ value: o.value, label: o.label }))}
        className={byClassName}
        popupMatchSelectWidth={false}
      />
      <Input.Search
        // A named field: browsers can offer earlier searches, and flag unnamed inputs otherwise.
        name="search"
        aria-label={labels.search}
        placeholder={labels.placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => onChange({ search: v.trim() || undefined })}
        allowClear
        enterButton
        {...inputProps}
      />
    </Space.Compact>
  );
}
