import { Button, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getAt, setAt, type Path } from '../model/form-values';
import { Field, useSuggestionForm } from './form-context';
import { NumberField, TextField } from './form-inputs';

interface RowsEditorProps {
  path: Path;
  /** "Team member #n" */
  itemLabel(n: number): string;
  addLabel: string;
  removeConfirm(n: number): string;
  blank: Record<string, unknown>;
  renderRow(index: number): React.ReactNode;
  label: string;
  required?: boolean;
  extra?: string;
  testId: string;
}

/** Rows of small records (team members, relevance items): add, edit in place, remove after confirming. */
function RowsEditor({
  path,
  itemLabel,
  addLabel,
  removeConfirm,
  blank,
  renderRow,
  label,
  required,
  extra,
  testId,
}: RowsEditorProps) {
  const { t } = useTranslation('suggestions');
  const { values, update, readOnly } = useSuggestionForm();
  const rows = (getAt(values, path) as unknown[] | undefined) ?? [];
  return (
    <Field path={path} label={label} required={required} extra={extra}>
      <div className="sg-rows" data-testid={testId}>
        {rows.map((_, i) => (
          <section key={i} className="sg-row" aria-label={itemLabel(i + 1)}>
            <div className="sg-payment__head">
              <Typography.Text strong>{itemLabel(i + 1)}</Typography.Text>
              {!readOnly && (
                <Popconfirm
                  title={removeConfirm(i + 1)}
                  okText={t('actions.remove')}
                  cancelText={t('actions.keep')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    update(
                      (v) =>
                        setAt(
                          v,
                          path,
                          rows.filter((__, k) => k !== i),
                        ),
                      [path],
                    )
                  }
                >
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('actions.remove')} ${itemLabel(i + 1)}`}
                  />
                </Popconfirm>
              )}
            </div>
            {renderRow(i)}
          </section>
        ))}
        {!readOnly && (
          <Button
            icon={<PlusOutlined />}
            onClick={() => update((v) => setAt(v, path, [...rows, { ...blank }]))}
          >
            {addLabel}
          </Button>
        )}
      </div>
    </Field>
  );
}

/** The implementation team: name, role, responsibility and more information per member. */
export function TeamEditor() {
  const { t } = useTranslation('suggestions');
  return (
    <RowsEditor
      path={['team']}
      label={t('team.title')}
      required
      extra={t('team.hint')}
      testId="team-editor"
      itemLabel={(n) => t('team.memberN', { n })}
      addLabel={t('team.add')}
      removeConfirm={(n) => t('team.removeConfirm', { n })}
      blank={{ member: '', role: '', responsibility: '', moreInfo: '' }}
      renderRow={(i) => (
        <>
          <div className="sg-grid sg-grid--2">
            <TextField path={['team', i, 'member']} label={t('team.member')} required autoComplete="name" />
            <TextField path={['team', i, 'role']} label={t('team.role')} required />
          </div>
          <TextField
            path={['team', i, 'responsibility']}
            label={t('team.responsibility')}
            required
            rows={2}
          />
          <TextField path={['team', i, 'moreInfo']} label={t('team.moreInfo')} rows={1} />
        </>
      )}
    />
  );
}

/** Related proposals: a proposal number (optional), a title and why it is relevant. */
export function RelevanceEditor() {
  const { t } = useTranslation('suggestions');
  return (
    <RowsEditor
      path={['relevance']}
      label={t('relevance.title')}
      extra={t('relevance.hint')}
      testId="relevance-editor"
      itemLabel={(n) => t('relevance.itemN', { n })}
      addLabel={t('relevance.add')}
      removeConfirm={(n) => t('relevance.removeConfirm', { n })}
      blank={{ proposalNumber: null, title: '', detail: '' }}
      renderRow={(i) => (
        <>
          <div className="sg-grid sg-grid--2">
            <NumberField path={['relevance', i, 'proposalNumber']} label={t('relevance.proposalNumber')} />
            <TextField path={['relevance', i, 'title']} label={t('relevance.proposalTitle')} />
          </div>
          <TextField path={['relevance', i, 'detail']} label={t('relevance.detail')} required rows={2} />
        </>
      )}
    />
  );
}
