import type { ReactNode } from 'react';
import { DatePicker, Input, InputNumber } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../lib/dates';
import { getAt, type Path } from '../model/form-values';
import { Field, useFieldProps, useSuggestionForm } from './form-context';
import { MarkdownEditor } from './markdown-editor';

interface InputFieldProps {
  path: Path;
  label: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  suffix?: ReactNode;
  rows?: number;
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  className?: string;
}

/** A one-line (or, with `rows`, multi-line) text input bound to a path of the form. */
export function TextField({
  path,
  label,
  required,
  extra,
  placeholder,
  maxLength,
  suffix,
  rows,
  autoComplete,
  inputMode,
  className,
}: InputFieldProps) {
  const { values, set } = useSuggestionForm();
  const props = useFieldProps(path);
  const value = (getAt(values, path) as string | null | undefined) ?? '';
  return (
    <Field path={path} label={label} required={required} extra={extra} className={className}>
      {rows ? (
        <Input.TextArea
          {...props}
          value={value}
          onChange={(e) => set(path, e.target.value)}
          autoSize={{ minRows: rows, maxRows: 12 }}
          placeholder={placeholder}
          maxLength={maxLength}
          showCount={!!maxLength}
        />
      ) : (
        <Input
          {...props}
          value={value}
          onChange={(e) => set(path, e.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          suffix={suffix}
          autoComplete={autoComplete ?? 'off'}
          inputMode={inputMode}
        />
      )}
    </Field>
  );
}

/** A whole-number input bound to a path (null when empty). */
export function NumberField({ path, label, required, extra, placeholder, className }: InputFieldProps) {
  const { values, set } = useSuggestionForm();
  const props = useFieldProps(path);
  const value = getAt(values, path) as number | null | undefined;
  return (
    <Field path={path} label={label} required={required} extra={extra} className={className}>
      <InputNumber
        {...props}
        value={value ?? null}
        onChange={(v) => set(path, typeof v === 'number' ? Math.trunc(v) : null)}
        placeholder={placeholder}
        precision={0}
        style={{ width: '100%', maxWidth: 260 }}
      />
    </Field>
  );
}

/** A date (stored as YYYY-MM-DD, shown as MM/DD/YYYY) bound to a path. */
export function DateField({ path, label, required, extra, className }: InputFieldProps) {
  const { values, set } = useSuggestionForm();
  const props = useFieldProps(path);
  const value = getAt(values, path) as string | null | undefined;
  return (
    <Field path={path} label={label} required={required} extra={extra} className={className}>
      <DatePicker
        id={props.id}
        status={props.status}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        value={value && dayjs(value, 'YYYY-MM-DD', true).isValid() ? dayjs(value, 'YYYY-MM-DD') : null}
        onChange={(d) => set(path, d ? d.format('YYYY-MM-DD') : '')}
        format={DATE_FORMAT}
        placeholder={DATE_FORMAT}
        style={{ width: '100%', maxWidth: 260 }}
      />
    </Field>
  );
}

/** A markdown editor bound to a path. */
export function MarkdownField({
  path,
  label,
  required,
  extra,
  rows,
  placeholder,
  images,
  footer,
}: InputFieldProps & { images?: boolean; footer?: ReactNode }) {
  const { values, set } = useSuggestionForm();
  const props = useFieldProps(path);
  return (
    <Field path={path} label={label} required={required} extra={extra}>
      <MarkdownEditor
        id={props.id}
        value={getAt(values, path) as string | undefined}
        onChange={(v) => set(path, v)}
        images={images}
        rows={rows}
        placeholder={placeholder}
        invalid={!!props['aria-invalid']}
        describedBy={props['aria-describedby']}
        footer={footer}
      />
    </Field>
  );
}
