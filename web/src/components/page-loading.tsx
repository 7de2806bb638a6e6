import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from './panel';

/**
 * What the page will look like: `page` a heading and text (most pages, and any page whose code is loading),
 * `detail` a heading with a main card and a side card (a suggestion, a proposal), `list` a toolbar and rows.
 */
export type LoadingShape = 'page' | 'detail' | 'list';

function Body({ shape }: { shape: LoadingShape }) {
  if (shape === 'list')
    return (
      <Panel>
        <Skeleton.Input active block className="cr-loading__toolbar" />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} active avatar={{ shape: 'square' }} title paragraph={{ rows: 1 }} />
        ))}
      </Panel>
    );
  if (shape === 'detail')
    return (
      <div className="cr-loading__detail">
        <Panel>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Panel>
        <Panel>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Panel>
      </div>
    );
  return (
    <Panel>
      <Skeleton active paragraph={{ rows: 6 }} />
    </Panel>
  );
}

/**
 * The one loading state of a route (its code on its way, or the data of a page that has nothing to show yet) and
 * of the app's start: antd skeletons shaped like the page, never a bare spinner, announced as "Loading".
 */
export function PageLoading({
  fullScreen = false,
  shape = 'page',
}: {
  fullScreen?: boolean;
  shape?: LoadingShape;
}) {
  // Also shown while the shared texts themselves are on their way: it never waits for them.
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <div
      role="status"
      aria-label={ready ? t('app.loading') : 'Loading'}
      aria-busy="true"
      data-testid="page-loading"
      className={fullScreen ? 'cr-loading cr-loading--full' : 'cr-loading'}
    >
      {/* The app's header is not there yet while it starts: its bar is part of the shape. */}
      {fullScreen && <div className="cr-loading__bar" aria-hidden="true" />}
      <div className="cr-loading__page">
        <Skeleton
          active
          title={{ width: '45%' }}
          paragraph={{ rows: 1, width: '70%' }}
          className="cr-loading__heading"
        />
        <Body shape={shape} />
      </div>
    </div>
  );
}
