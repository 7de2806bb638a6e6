import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Grid, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VerifyInfo } from '@cr/contract/verify.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { ApiError, NetworkError } from '../../../lib/api-errors';
import { useLoad } from '../../../lib/use-load';
import { verifyApi } from '../api/verify-api';
import { ContractsTable } from '../components/contracts-table';
import { ProposalRecords } from '../components/proposal-records';
import { proxyRpcUrl, RpcSettings } from '../components/rpc-settings';
import { StatementFormats } from '../components/statement-formats';
import '../verify.css';

function useErrorText() {
  const { t, i18n } = useTranslation('verify');
  return (err: unknown) => {
    if (err instanceof NetworkError) return t('errors.network');
    if (err instanceof ApiError && i18n.exists(`errors.${err.type}`, { ns: 'verify' }))
      return t(`errors.${err.type}`);
    return t('errors.generic');
  };
}

function ChainFacts({ info }: { info: VerifyInfo }) {
  const { t } = useTranslation('verify');
  const unknown = t('chain.unknown');
  // Labels above values on a phone: long hashes need the whole width.
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Descriptions
      size="small"
      layout={wide ? 'horizontal' : 'vertical'}
      column={{ xs: 1, sm: 1, md: 2 }}
      items={[
        { key: 'chainId', label: t('chain.chainId'), children: info.chainId ?? unknown },
        {
          key: 'rpc',
          label: t('chain.rpc'),
          children: info.publicRpcUrl ? (
            <Typography.Text copyable>{info.publicRpcUrl}</Typography.Text>
          ) : (
            t('chain.rpcNone', { chainId: info.chainId ?? '?' })
          ),
        },
        {
          key: 'proxy',
          label: t('chain.proxy'),
          children: info.configured ? (
            <span>
              <Typography.Text copyable data-testid="rpc-proxy-url">
                {proxyRpcUrl()}
              </Typography.Text>{' '}
              <span className="vf-muted">{t('chain.proxyNote')}</span>
            </span>
          ) : (
            unknown
          ),
        },
        { key: 'deploy', label: t('chain.deploymentBlock'), children: info.deploymentBlock ?? unknown },
        { key: 'head', label: t('chain.head'), children: info.headBlock ?? unknown },
        { key: 'conf', label: t('chain.confirmations'), children: info.confirmations },
        { key: 'compiler', label: t('chain.compiler'), children: info.compiler },
        {
          key: 'source',
          label: t('chain.sourceHash'),
          children: <Typography.Text className="vf-hash">{info.sourceHash}</Typography.Text>,
        },
      ]}
    />
  );
}

function Proposals() {
  const { t } = useTranslation('verify');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useLoad((signal) => verifyApi.proposals(page, signal), page);
  if (loading && !data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error || !data)
    return (
      <EmptyState description={errorText(error)}>
        <Button onClick={reload}>{t('retry')}</Button>
      </EmptyState>
    );
  return <ProposalRecords data={data} onPage={setPage} />;
}

function Yourself({ info }: { info: VerifyInfo }) {
  const { t } = useTranslation('verify');
  const gov = info.contracts.find((c) => c.name === 'Governance');
  if (!gov) return null;
  const rpc = info.publicRpcUrl ?? (info.configured ? proxyRpcUrl() : '<your RPC URL>');
  const command = `cast call ${gov.address} \\\n  "proposal(bytes32)" <draft hash> \\\n  --rpc-url ${rpc}`;
  return (
    <>
      <p>{t('yourself.text')}</p>
      <Typography.Paragraph copyable={{ text: command.replace(/\\\n\s+/g, '') }}>
        <pre className="vf-code">{command}</pre>
      </Typography.Paragraph>
    </>
  );
}

/** /verify: what a reader needs to check the site against the chain without trusting this server. */
export function VerifyPage() {
  const { t } = useTranslation('verify');
  const errorText = useErrorText();
  const { data: info, error, loading, reload } = useLoad((signal) => verifyApi.info(signal), 'verify');
  if (loading && !info) return <PageLoading />;
  return (
    <div className="vf-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {error || !info ? (
        <EmptyState description={errorText(error)}>
          <Button onClick={reload}>{t('retry')}</Button>
        </EmptyState>
      ) : (
        <>
          {!info.configured && <Alert className="vf-alert" type="info" showIcon title={t('notConfigured')} />}
          <Card className="cr-card vf-section" title={<h2 className="vf-h2">{t('chain.title')}</h2>}>
            <ChainFacts info={info} />
          </Card>
          {info.configured && (
            <Card className="cr-card vf-section" title={<h2 className="vf-h2">{t('rpcSettings.title')}</h2>}>
              <RpcSettings />
            </Card>
          )}
          <Card className="cr-card vf-section" title={<h2 className="vf-h2">{t('contracts.title')}</h2>}>
            <p className="vf-muted">{t('contracts.intro')}</p>
            {info.contracts.some((c) => c.name === 'RelayBatch') && (
              <p className="vf-muted">{t('contracts.relayBatch')}</p>
            )}
            <ContractsTable contracts={info.contracts} />
          </Card>
          {info.configured && (
            <Card className="cr-card vf-section" title={<h2 className="vf-h2">{t('proposals.title')}</h2>}>
              <Proposals />
            </Card>
          )}
          <Card className="cr-card vf-section" title={<h2 className="vf-h2">{t('yourself.title')}</h2>}>
            <Yourself info={info} />
          </Card>
          <Card className="cr-card vf-section" title={<h2 className="vf-h2">{t('statements.title')}</h2>}>
            <p className="vf-muted">{t('statements.intro')}</p>
            <StatementFormats />
          </Card>
        </>
      )}
    </div>
  );
}
