import { useState } from 'react';
import { Alert, Button, Input, Pagination, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TASK_CATEGORIES,
  TASK_STATUSES,
  TASK_TYPES,
  type TaskList,
  type TaskListQuery,
} from '@cr/contract/task.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { useListData } from '../../../lib/use-list-data';
import { taskApi } from '../api/task-api';
import { TaskCard } from './task-card';
import '../../../components/list-view/list-view.css';

/** The filters of a task list: search, type (not for projects), category, status; one page at a time. */
export function useTaskFilters(projects: boolean) {
  const [q, setQ] = useState('');
  const [type, setType] = useState<string | undefined>();
  const [category, setCategory] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const query = {
    q: q || undefined,
    type: projects ? 'PROJECT' : type,
    category,
    status,
    page,
  } as TaskListQuery;
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return {
    query,
    filtered: !!(q || type || category || status),
    setQ: reset(setQ),
    setType: reset(setType),
    setCategory: reset(setCategory),
    setStatus: reset(setStatus),
    setPage,
    values: { type, category, status },
  };
}

export function TaskFilters({
  filters,
  projects,
}: {
  filters: ReturnType<typeof useTaskFilters>;
  projects: boolean;
}) {
  const { t } = useTranslation('tasks');
  const select = (
    placeholder: string,
    value: string | undefined,
    onChange: (v?: string) => void,
    options: readonly string[],
    prefix: string,
    testId: string,
  ) => (
    <Select
      allowClear
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={onChange}
      options={options.map((o) => ({ value: o, label: t(`${prefix}.${o}`) }))}
      className="cr-task-toolbar__filter"
      data-testid={testId}
    />
  );
  return (
    <div className="cr-toolbar cr-task-toolbar">
      <Input.Search
        allowClear
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        onSearch={(v) => filters.setQ(v.trim())}
        className="cr-task-toolbar__search"
      />
      {!projects &&
        select(
          t('allTypes'),
          filters.values.type,
          filters.setType,
          TASK_TYPES.filter((x) => x !== 'PROJECT'),
          'types',
          'filter-type',
        )}
      {select(
        t('allCategories'),
        filters.values.category,
        filters.setCategory,
        TASK_CATEGORIES,
        'categories',
        'filter-category',
      )}
      {select(
        t('allStatuses'),
        filters.values.status,
        filters.setStatus,
        TASK_STATUSES,
        'statuses',
        'filter-status',
      )}
    </div>
  );
}

/** Pagination under a list, when there is more than one page. */
export function TaskPager({
  data,
  page,
  onPage,
}: {
  data: TaskList;
  page: number;
  onPage: (p: number) => void;
}) {
  if (data.total <= data.pageSize) return null;
  return (
    <Pagination
      className="cr-list-pagination"
      current={page}
      pageSize={data.pageSize}
      total={data.total}
      showSizeChanger={false}
      onChange={(next) => {
        onPage(next);
        window.scrollTo({ top: 0 });
      }}
    />
  );
}

/** Public tasks (or projects) with filters, paging, and loading, empty and error states. */
export function TaskListView({ projects }: { projects: boolean }) {
  const { t } = useTranslation('tasks');
  const filters = useTaskFilters(projects);
  const { data, loading, error, reload } = useListData(
    (signal) => taskApi.list(filters.query, signal),
    JSON.stringify(filters.query),
  );
  return (
    <>
      <TaskFilters filters={filters} projects={projects} />
      {loading ? (
        <PageLoading shape="list" />
      ) : error ? (
        <Alert
          type="error"
          showIcon
          title={errorText(t, error)}
          action={<Button onClick={reload}>{t('retry')}</Button>}
        />
      ) : !data || data.list.length === 0 ? (
        <EmptyState
          description={filters.filtered ? t('emptySearch') : t(projects ? 'emptyProjects' : 'empty')}
        />
      ) : (
        <>
          <div className="cr-task-grid" data-testid="task-list">
            {data.list.map((task) => (
              <TaskCard key={task._id} task={task} />
            ))}
          </div>
          <TaskPager data={data} page={Number(filters.query.page ?? 1)} onPage={filters.setPage} />
        </>
      )}
    </>
  );
}
