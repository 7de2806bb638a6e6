import type { ReactNode } from 'react';
import { Alert, Card, Descriptions, Empty, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import type { OpsStatus } from '@cr/contract/ops-status.contract';
import { formatCount } from '../../../lib/numbers';

const COLUMNS: DescriptionsProps['column'] = { xs: 1, sm: 2, lg: 3 };
const NONE = '—';

/** The figures of /admin/status (the same the api exports on /metrics), grouped by what they watch. */
export function StatusFigures({ status, ta, lang }: { status: OpsStatus; ta: TFunction; lang: string }) {
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
      <FigureCard title={ta('ops.chain')} testid="ops-chain" none={chain ? null : ta('ops.chainNone')}>
        {chain && (
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
        )}
      </FigureCard>
      <FigureCard
        title={ta('ops.relayers')}
        testid="ops-relayers"
        none={status.relayers.length === 0 ? ta('ops.relayersNone') : null}
      >
        {status.relayers.map((r) => (
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
        ))}
      </FigureCard>
      <FigureCard title={ta('ops.actions')} testid="ops-actions" none={actions ? null : ta('ops.unread')}>
        {actions && (
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
        )}
      </FigureCard>
      <FigureCard
        title={ta('ops.queues')}
        testid="ops-queues"
        none={status.queues.length === 0 ? ta('ops.unread') : null}
      >
        {status.queues.map((q) => (
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
        ))}
      </FigureCard>
      <FigureCard title={ta('ops.mail')} testid="ops-mail" none={mail ? null : ta('ops.unread')}>
        {mail && (
          <Descriptions
            size="small"
            column={COLUMNS}
            items={[
              item('backlog', ta('ops.backlog'), n(mail.backlog)),
              item('failed', ta('ops.failed'), n(mail.failed)),
              item('oldest', ta('ops.oldestWaiting'), sec(mail.oldestWaitingSec)),
            ]}
          />
        )}
      </FigureCard>
      <FigureCard title={ta('ops.instance')} testid="ops-instance" none={null}>
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
      </FigureCard>
    </>
  );
}

/** Seconds as the reader counts them: seconds, then minutes, then hours. */
function duration(ta: TFunction, seconds: number): string {
  if (seconds < 90) return ta('ops.seconds', { n: seconds < 10 ? seconds.toFixed(1) : Math.round(seconds) });
  if (seconds < 90 * 60) return ta('ops.minutes', { n: Math.round(seconds / 60) });
  return ta('ops.hours', { n: (seconds / 3600).toFixed(1) });
}

/** One group of figures: its card, or the reason it has none yet. */
function FigureCard(props: { title: string; testid: string; none: string | null; children?: ReactNode }) {
  return (
    <Card size="small" title={props.title} data-testid={props.testid}>
      {props.none === null ? (
        props.children
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.none} />
      )}
    </Card>
  );
}
