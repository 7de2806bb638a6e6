import { Alert, Button, Card, Result } from 'antd';
import { Link } from 'react-router-dom';
import { isMissing } from '../lib/api-errors';
import { PageHeader } from './page-header';

interface DetailLoadFailureProps {
  error: unknown;
  reload: () => void;
  /** Already translated: the "not found" title, the list's name (the way back), the error's text and "Retry". */
  notFoundTitle: string;
  listLabel: string;
  listPath: string;
  errorTitle: string;
  retryLabel: string;
}

/**
 * What a detail page shows when its record could not be read: "not found" with the way back to its list, or the
 * error with Retry (a network failure or a server error may pass).
 */
export function DetailLoadFailure(props: DetailLoadFailureProps) {
  if (isMissing(props.error))
    return (
      <>
        <PageHeader title={props.notFoundTitle} />
        <Card className="cr-card">
          <Result
            status="404"
            title={props.notFoundTitle}
            extra={
              <Link to={props.listPath}>
                <Button type="primary">{props.listLabel}</Button>
              </Link>
            }
          />
        </Card>
      </>
    );
  return (
    <Alert
      type="error"
      showIcon
      title={props.errorTitle}
      action={<Button onClick={props.reload}>{props.retryLabel}</Button>}
    />
  );
}
