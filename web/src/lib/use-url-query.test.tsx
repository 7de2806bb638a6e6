import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { useUrlQuery } from './use-url-query';

const parse = (p: URLSearchParams) => Object.fromEntries(p);
const DEFAULTS = { status: 'ALL' };

function mount(initial: string) {
  const api: { update?: ReturnType<typeof useUrlQuery>['update']; clear?: () => void; search?: string } = {};
  function Probe() {
    const q = useUrlQuery(parse, DEFAULTS);
    api.update = q.update;
    api.clear = q.clear;
    api.search = useLocation().search;
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return { api, router };
}

describe('useUrlQuery', () => {
  it('keeps two changes made before the page renders again (choose "search by", then search at once)', async () => {
    const { api } = mount('/list?page=3');
    const update = api.update!;
    await act(async () => {
      update({ searchBy: 'number' });
      update({ search: '999999' }); // the same callback: the render between them has not happened
    });
    expect(new URLSearchParams(api.search).get('searchBy')).toBe('number');
    expect(new URLSearchParams(api.search).get('search')).toBe('999999');
    expect(new URLSearchParams(api.search).get('page')).toBeNull();
  });

  it('drops blanks and defaults, and follows a URL the router changed (back)', async () => {
    const { api, router } = mount('/list');
    await act(async () => api.update!({ status: 'VETOED', search: 'x' }));
    await act(async () => api.update!({ status: 'ALL', search: '' }));
    expect(api.search).toBe('');
    await act(async () => router.navigate(-1));
    expect(new URLSearchParams(api.search).get('status')).toBe('VETOED');
    await act(async () => api.update!({ searchBy: 'title' }));
    expect(new URLSearchParams(api.search).get('status')).toBe('VETOED');
    expect(new URLSearchParams(api.search).get('searchBy')).toBe('title');
    await act(async () => api.clear!());
    expect(api.search).toBe('');
  });
});
