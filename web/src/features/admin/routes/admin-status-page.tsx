import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { OPS_STATUS_POLL_MS, type OpsStatus } from '@cr/contract/ops-status.contract';
import { errorText } from '../../../lib/api-messages';
import { formatCount } from '../../../lib/numbers';
import { adminApi } from '../api/admin-api';
import { AdminPage } from '../components/admin-layout';
import '../admin.css';

/**
 * Loads now and again every `everyMs` after each answer (never two at once), until the page closes. A failed
 * refresh keeps the last figures and reports the error beside them.
 */
function usePolled<T>(load: (signal: AbortSignal) => Promise<T>, everyMs: number) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      load(ctrl.signal)
        .then((d) => {
          setData(d);
          setError(null);
        })
        .catch((err: unknown) => {
          if (!ctrl.signal.aborted) setError(err);
        })
        .finally(() => {
          if (ctrl.signal.aborted) return;
          setLoading(false);
          timer = setTimeout(run, everyMs);
        });
    };
    run();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
    // `load` is recreated each render; `round` restarts the polling (retry).
  }, [everyMs, round]);
  const reload = useCallback(() => {
    setLoading(true);
    setRound((n) => n + 1);
  }, []);
  return { data, error, loading, reload };
}

const COLUMNS: DescriptionsProps['column'] = { xs: 1, sm: 2, lg: 3 };
const NONE = '—';

/** /admin/status: the operators' figures (the same /metrics exports), read again every few seconds. */
export function AdminStatusPage() {
  const { t, i18n } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { data, error, loading, reload } = usePolled((signal) => adminApi.status(signal), OPS_STATUS_POLL_MS);
  const lang = i18n.language;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(lang === 'zh' ? 'zh-CN' : 'en-GB');

  let body: ReactNode;
  if (!data && loading) body = <Skeleton active paragraph={{ rows: 8 }} data-testid="ops-loading" />;
  else if (!data)
    body = (
      <Alert
        type="error"
        showIcon
        title={ta('ops.loadFailed')}
        description={errorText(t, error)}
        action={<Button onClick={reload}>{ta('retry')}</Button>}
      />
    );
  else body = <StatusFigures status={data} ta={ta} lang={lang} />;

  return (
    <AdminPage title={ta('ops.title')}>
      <div className="ad-ops" data-testid="ops-status">
        {data && (
          <Typography.Text type="secondary" data-testid="ops-updated">
            {ta('ops.updated', { time: time(data.generatedAt), seconds: OPS_STATUS_POLL_MS / 1000 })}
          </Typography.Text>
        )}
        {data && error ? (
          <Alert
            type="warning"
            showIcon
            title={ta('ops.stale', { time: time(data.generatedAt) })}
            description={errorText(t, error)}
          />
        ) : null}
        {body}
      </div>
    </AdminPage>
  );
}

function StatusFigures({ status, ta, lang }: { status: OpsStatus; ta: TFunction; lang: string }) {
  const n = (v: number | null | undefined) => (v == null ? NONE : formatCount(v, lang));
  const sec = (v: number | null | undefined) => (v == null ? NONE : duration(ta, v));
  const item = (key: string, label: string, children: ReactNode) => ({ key, label, children });
  const { chain, actions, mail, database, instance } = status;
  return (
    <>
      {status.problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={ta('ops.problems')}
          description={
            <ul className="ad-ops__problems">
              {status.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      <Card size="small" title={ta('ops.chain')} data-testid="ops-chain">
        {chain ? (
          <Descriptions
            size="small"
            column={COLUMNS}
            items={[
              item('node', ta('ops.nodeHeight'), n(chain.nodeHeight)),
              item('watcher', ta('ops.watcherHeight'), n(chain.indexedHeight)),
              item(
                'lag',
                ta('ops.lag'),
                <Tag color={chain.lagBlocks != null && chain.lagBlocks > 5 ? 'red' : 'green'}>
                  {n(chain.lagBlocks)}
                </Tag>,
              ),
              item('age', ta('ops.watcherAge'), sec(chain.watcherAgeSec)),
              item(
                'interval',
                ta('ops.avgBlock'),
                chain.avgBlockMs == null ? NONE : duration(ta, chain.avgBlockMs / 1000),
              ),
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ta('ops.chainNone')} />
        )}
      </Card>
      <Card size="small" title={ta('ops.relayers')} data-testid="ops-relayers">
        {status.relayers.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ta('ops.relayersNone')} />
        ) : (
          status.relayers.map((r) => (
            <Descriptions
              key={r.address}
              size="small"
              column={COLUMNS}
              title={<span className="ad-did ad-ops__address">{r.address}</span>}
              items={[
                item(
                  'balance',
                  ta('ops.balance'),
                  r.balanceEla == null
                    ? NONE
                    : `${r.balanceEla.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 4 })} ELA`,
                ),
                item('pending', ta('ops.pendingNonce'), n(r.pendingNonce)),
                item('latest', ta('ops.latestNonce'), n(r.latestNonce)),
                item('recorded', ta('ops.recordedNonce'), n(r.recordedNonce)),
              ]}
            />
          ))
        )}
      </Card>
      <Card size="small" title={ta('ops.actions')} data-testid="ops-actions">
        {actions ? (
          <Descriptions
            size="small"
            column={COLUMNS}
            items={[
              ...(['unchain', 'chaining', 'chained', 'failed'] as const).map((s) =>
                item(s, ta(`ops.actionStatus.${s}`), n(actions.byStatus[s])),
              ),
              item('oldest', ta('ops.oldestOpen'), sec(actions.oldestOpenSec)),
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ta('ops.unread')} />
        )}
      </Card>
      <Card size="small" title={ta('ops.queues')} data-testid="ops-queues">
        {status.queues.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ta('ops.unread')} />
        ) : (
          status.queues.map((q) => (
            <Descriptions
              key={q.name}
              size="small"
              column={{ xs: 2, sm: 3, lg: 5 }}
              title={<span className="ad-did">{q.name}</span>}
              items={[
                item('waiting', ta('ops.waiting'), n(q.waiting)),
                item('active', ta('ops.active'), n(q.active)),
                item('delayed', ta('ops.delayed'), n(q.delayed)),
                item('failed', ta('ops.failed'), n(q.failed)),
                item('oldest', ta('ops.oldestWaiting'), sec(q.oldestWaitingSec)),
              ]}
            />
          ))
        )}
      </Card>
      <Card size="small" title={ta('ops.mail')} data-testid="ops-mail">
        {mail ? (
          <Descriptions
            size="small"
            column={COLUMNS}
            items={[
              item('backlog', ta('ops.backlog'), n(mail.backlog)),
              item('failed', ta('ops.failed'), n(mail.failed)),
              item('oldest', ta('ops.oldestWaiting'), sec(mail.oldestWaitingSec)),
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ta('ops.unread')} />
        )}
      </Card>
      <Card size="small" title={ta('ops.instance')} data-testid="ops-instance">
        <Descriptions
          size="small"
          column={COLUMNS}
          items={[
            item('sockets', ta('ops.sockets'), n(instance.sockets)),
            item('uptime', ta('ops.uptime'), duration(ta, instance.uptimeSec)),
            item(
              'memory',
              ta('ops.memory'),
              ta('ops.megabytes', { n: Math.round(instance.rssBytes / 2 ** 20) }),
            ),
            item(
              'database',
              ta('ops.database'),
              database.kind === 'pglite' ? ta('ops.pglite') : 'PostgreSQL',
            ),
            item(
              'ping',
              ta('ops.ping'),
              database.pingMs == null ? NONE : ta('ops.milliseconds', { n: database.pingMs.toFixed(1) }),
            ),
            ...database.pools.map((p) =>
              item(`pool-${p.name}`, ta('ops.pool', { name: p.name }), ta('ops.poolUse', { ...p })),
            ),
          ]}
        />
      </Card>
    </>
  );
}

/** Seconds as the reader counts them: seconds, then minutes, then hours. */
function duration(ta: TFunction, seconds: number): string {
  if (seconds < 90) return ta('ops.seconds', { n: seconds < 10 ? seconds.toFixed(1) : Math.round(seconds) });
  if (seconds < 90 * 60) return ta('ops.minutes', { n: Math.round(seconds / 60) });
  return ta('ops.hours', { n: (seconds / 3600).toFixed(1) });
}
