import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { saveBlob } from '../../lib/api-client';
import { useFeedback } from '../../lib/use-feedback';

/**
 * Downloads the filtered list as a CSV file: the list's query without its page and page size (every row that
 * matches); a refusal is told in a message.
 */
export function ExportCsvButton<Q extends { page?: number; results?: number }>({
  query,
  download,
  fallbackName,
  label,
  errorText,
  testId,
}: {
  query: Q;
  download(filters: Omit<Q, 'page' | 'results'>): Promise<{ blob: Blob; filename: string | null }>;
  /** The file name when the answer names none. */
  fallbackName: string;
  label: string;
  errorText(err: unknown): string;
  testId?: string;
}) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { page: _page, results: _results, ...filters } = query;
      const { blob, filename } = await download(filters);
      saveBlob(blob, filename ?? fallbackName);
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} onClick={() => void run()} loading={busy} data-testid={testId}>
      {label}
    </Button>
  );
}
