import { useEffect } from 'react';
import { App } from 'antd';
import type { useAppProps as FeedbackApi } from 'antd/es/app/context';

function Capture({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const api = App.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

/**
 * antd's App with its message, notification and modal holders, and nothing inside: it hands its api to
 * `DeferredFeedback`, which the pages call through.
 */
export function FeedbackHolders({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  return (
    <App component={false}>
      <Capture onReady={onReady} />
    </App>
  );
}
