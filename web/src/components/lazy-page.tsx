import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageLoading } from './page-loading';

/** A page's script chunk that has not arrived after this long counts as failed (spec §9: 120,000 ms). */
export const CHUNK_TIMEOUT_MS = 120_000;

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** A page's code could not be loaded (network error, a deploy replaced the file, or the timeout passed). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly type = 'app.chunk_load_failed';
  constructor(
    readonly timedOut: boolean,
    override readonly cause?: unknown,
  ) {
    super(timedOut ? 'The page took too long to load.' : 'The page could not be loaded.');
  }
}

/** Rejects with a ChunkLoadError when `load` fails or takes longer than `ms`. */
export function loadWithTimeout(load: PageLoader, ms: number): Promise<PageModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), ms);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false, err));
      },
    );
  });
}

/** Page modules loaded before the app's first render (a page sent with its first screen, see main.tsx). */
const preloaded = new Map<PageLoader, PageModule>();

/** Loads a page's code and texts now, so its LazyPage renders it at once, without a loading state. */
export async function preloadPage(load: PageLoader): Promise<void> {
  preloaded.set(load, await loadWithTimeout(load, CHUNK_TIMEOUT_MS));
}

function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  // Plain markup in antd Result's look: Result itself (with its illustrations) is not part of the first visit.
  return (
    <div className="cr-page-error">
      <div className="cr-page-error__icon">
        <WarningFilled aria-hidden="true" />
      </div>
      <h1 className="cr-result-title">{chunk ? t('errors.chunkTitle') : t('errors.somethingWrong')}</h1>
      <p className="cr-page-error__text">
        {chunk ? (error.timedOut ? t('errors.chunkTimeout') : t('errors.chunkText')) : t('errors.contactUs')}
      </p>
      <Button type="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a page that failed to load or to render, and offers a retry instead of a blank screen. */
class PageErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error) return <PageError error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

/** A route's page, loaded on demand behind the spinner; failures and timeouts show an error with Retry. */
export function LazyPage({ load, timeoutMs = CHUNK_TIMEOUT_MS }: { load: PageLoader; timeoutMs?: number }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy remembers a rejected import forever. A preloaded page needs
  // none: it renders in the same pass as the layout.
  const Page = useMemo(
    () => (attempt === 0 && preloaded.get(load)?.default) || lazy(() => loadWithTimeout(load, timeoutMs)),
    [load, timeoutMs, attempt],
  );
  return (
    <PageErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
