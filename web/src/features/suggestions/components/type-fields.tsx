import { Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUGGESTION_TYPES, type SuggestionType } from '@cr/contract/suggestion-content.contract';
import { splitDidNames } from '@cr/contract/suggestion-content.contract';
import { Field, useFieldProps, useSuggestionForm } from './form-context';
import { NumberField, TextField } from './form-inputs';

/** The ten suggestion types as a radio list, each with what it is for. */
export function TypePicker() {
  const { t } = useTranslation('suggestions');
  const { values, set, readOnly } = useSuggestionForm();
  return (
    <Field path={['type']} label={t('fields.type')} required>
      <Radio.Group
        id="sg-type"
        className="sg-types"
        value={values.type ?? '1'}
        disabled={readOnly}
        onChange={(e) => set(['type'], e.target.value as SuggestionType)}
      >
        {SUGGESTION_TYPES.map((type) => (
          <Radio key={type} value={type} className="sg-type" data-testid={`type-${type}`}>
            <span className="sg-type__label">{t(`types.${type}.label`)}</span>
            <span className="sg-type__desc">{t(`types.${type}.desc`)}</span>
          </Radio>
        ))}
      </Radio.Group>
    </Field>
  );
}

/** The fields only some types carry (spec §3): proposal numbers, DIDs, customized IDs, side chain. */
export function TypeDetailsFields() {
  const { t } = useTranslation('suggestions');
  const { values, set } = useSuggestionForm();
  const receivedProps = useFieldProps(['receivedCustomizedIdList']);
  switch (values.type) {
    case 'CHANGE_PROPOSAL':
      return (
        <>
          <Typography.Paragraph className="sg-note">{t('details.changeProposal')}</Typography.Paragraph>
          <NumberField path={['targetProposalNumber']} label={t('fields.targetProposalNumber')} required />
          <TextField
            path={['newOwnerDid']}
            label={t('fields.newOwnerDid')}
            placeholder="did:elastos:…"
            extra={t('details.didHint')}
          />
          <TextField
            path={['newAddress']}
            label={t('fields.newAddress')}
            placeholder="0x…"
            extra={t('budget.elaAddressHint')}
          />
        </>
      );
    case 'CHANGE_SECRETARY':
      return (
        <TextField
          path={['newSecretaryDid']}
          label={t('fields.newSecretaryDid')}
          required
          placeholder="did:elastos:…"
          extra={t('details.didHint')}
        />
      );
    case 'TERMINATE_PROPOSAL':
      return <NumberField path={['closeProposalNumber']} label={t('fields.closeProposalNumber')} required />;
    case 'RESERVE_CUSTOMIZED_ID': {
      const names = splitDidNames(values.didNameList);
      return (
        <TextField
          path={['didNameList']}
          label={t('fields.didNameList')}
          required
          rows={3}
          extra={t('details.didNameListHint', { count: names.length })}
        />
      );
    }
    case 'RECEIVE_CUSTOMIZED_ID':
      return (
        <>
          <Field
            path={['receivedCustomizedIdList']}
            label={t('fields.receivedCustomizedIdList')}
            required
            extra={t('details.receivedHint')}
          >
            <Select
              {...receivedProps}
              mode="tags"
              tokenSeparators={[' ', ',']}
              value={values.receivedCustomizedIdList ?? []}
              onChange={(v: string[]) => set(['receivedCustomizedIdList'], v)}
              open={false}
              suffixIcon={null}
              placeholder={t('details.receivedPlaceholder')}
            />
          </Field>
          <TextField
            path={['customizedIdBindToDid']}
            label={t('fields.customizedIdBindToDid')}
            required
            placeholder="did:elastos:…"
          />
        </>
      );
    case 'CHANGE_CUSTOMIZED_ID_FEE':
      return (
        <div className="sg-grid sg-grid--2">
          <TextField
            path={['customizedIdFee']}
            label={t('fields.customizedIdFee')}
            required
            inputMode="decimal"
          />
          <NumberField path={['effectiveHeightOfEid']} label={t('fields.effectiveHeightOfEid')} required />
        </div>
      );
    case 'REGISTER_SIDE_CHAIN': {
      const at = (f: string) => ['sideChainDetails', f];
      return (
        <>
          <div className="sg-grid sg-grid--2">
            <TextField path={at('name')} label={t('sideChain.name')} required />
            <TextField
              path={at('resourcePath')}
              label={t('sideChain.resourcePath')}
              required
              placeholder="https://…"
            />
            <NumberField path={at('magic')} label={t('sideChain.magic')} required />
            <NumberField path={at('effectiveHeight')} label={t('sideChain.effectiveHeight')} required />
            <TextField
              path={at('exchangeRate')}
              label={t('sideChain.exchangeRate')}
              required
              inputMode="decimal"
            />
          </div>
          <TextField path={at('genesisHash')} label={t('sideChain.genesisHash')} required placeholder="0x…" />
          <TextField path={at('otherInfo')} label={t('sideChain.otherInfo')} rows={3} />
        </>
      );
    }
    default:
      return null;
  }
}
