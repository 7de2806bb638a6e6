import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { LazyTooltip } from './lazy-tooltip';

describe('LazyTooltip', () => {
  it('draws only its child until pointed at, then shows the tooltip, keeping the child’s own handlers', async () => {
    const onPointerEnter = vi.fn();
    render(
      <LazyTooltip title="What this means">
        <span tabIndex={0} onPointerEnter={onPointerEnter}>
          tag
        </span>
      </LazyTooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => fireEvent.pointerEnter(screen.getByText('tag')));
    expect(onPointerEnter).toHaveBeenCalledOnce();
    expect((await screen.findByRole('tooltip')).textContent).toContain('What this means');
  });

  it('mounts on focus only when its trigger includes focus', async () => {
    const { unmount } = render(
      <LazyTooltip title="hover only">
        <span tabIndex={0}>a</span>
      </LazyTooltip>,
    );
    await act(async () => fireEvent.focus(screen.getByText('a')));
    expect(screen.queryByRole('tooltip')).toBeNull();
    unmount();
    render(
      <LazyTooltip title="with focus" trigger={['hover', 'focus']}>
        <span tabIndex={0}>b</span>
      </LazyTooltip>,
    );
    await act(async () => fireEvent.focus(screen.getByText('b')));
    expect((await screen.findByRole('tooltip')).textContent).toContain('with focus');
  });
});
