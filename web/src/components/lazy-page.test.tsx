import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../lib/i18n';
import { ChunkLoadError, LazyPage, loadWithTimeout, preloadPage, type PageModule } from './lazy-page';

initI18n();
afterEach(() => vi.useRealTimers());

const Hello = () => <p>Hello page</p>;

describe('loadWithTimeout', () => {
  it('fails with a timed-out ChunkLoadError when the chunk does not arrive in time', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<PageModule>(() => undefined), 120_000);
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(120_000);
    const err = await caught;
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).timedOut).toBe(true);
  });
});

describe('LazyPage', () => {
  it('shows an error with Retry when the chunk fails, and the page after a successful retry', async () => {
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: Hello });
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LazyPage load={load} />);
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('Hello page')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('renders a preloaded page in its first pass, never its loading state', async () => {
    const load = () => Promise.resolve({ default: Hello });
    await preloadPage(load);
    render(<LazyPage load={load} />);
    // No await: the page is there in the same render (the server's first screen is drawn over at once).
    expect(screen.getByText('Hello page')).toBeTruthy();
    expect(screen.queryByTestId('page-loading')).toBeNull();
  });
});
