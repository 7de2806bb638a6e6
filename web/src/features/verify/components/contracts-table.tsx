import { Button, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CodeCheck, VerifyContract } from '@cr/contract/verify.contract';
import { ScrollHint } from '../../../components/scroll-hint';
import { saveBlob } from '../../../lib/api-client';
import { verifyApi } from '../api/verify-api';
import { useFeedback } from '../../../lib/use-feedback';

const CHECK_COLOR: Record<CodeCheck, string> = {
  match: 'success',
  mismatch: 'error',
  no_code: 'error',
  unavailable: 'default',
};

/** The contracts (the three governance ones and the relayer's batch forwarder): address, whether the deployed code is the compiled code, and the ABI to download. */
export function ContractsTable({ contracts }: { contracts: VerifyContract[] }) {
  const { t } = useTranslation('verify');
  const { message } = useFeedback();
  const download = async (c: VerifyContract) => {
    try {
      const abi = await verifyApi.abi(c.name);
      saveBlob(new Blob([JSON.stringify(abi, null, 2)], { type: 'application/json' }), `${c.name}.abi.json`);
    } catch {
      message.error(t('contracts.downloadFailed'));
    }
  };
  return (
    <ScrollHint>
      <Table<VerifyContract>
        size="small"
        rowKey="name"
        dataSource={contracts}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('contracts.name'), dataIndex: 'name', key: 'name' },
          {
            title: t('contracts.code'),
            key: 'code',
            render: (_, c) => (
              <Tag color={CHECK_COLOR[c.code]} data-testid={`code-${c.name}`} data-check={c.code}>
                {t(`contracts.checks.${c.code}`)}
              </Tag>
            ),
          },
          {
            title: t('contracts.address'),
            key: 'address',
            render: (_, c) => (
              <Typography.Text
                className="vf-hash"
                copyable={{ text: c.address, tooltips: [t('copy'), t('copied')] }}
              >
                {c.address}
              </Typography.Text>
            ),
          },
          {
            title: t('contracts.codeHash'),
            key: 'codeHash',
            render: (_, c) =>
              c.codeHash ? (
                <Typography.Text
                  className="vf-hash"
                  title={c.codeHash}
                  copyable={{ text: c.codeHash, tooltips: [t('copy'), t('copied')] }}
                >
                  {`${c.codeHash.slice(0, 10)}…${c.codeHash.slice(-8)}`}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: t('contracts.abi'),
            key: 'abi',
            render: (_, c) => (
              <Button size="small" icon={<DownloadOutlined />} onClick={() => void download(c)}>
                {t('contracts.download')}
              </Button>
            ),
          },
        ]}
      />
    </ScrollHint>
  );
}
