import useApp from 'antd/es/app/useApp';

/**
 * antd's `App.useApp()` (message, notification, modal) without antd's `App` export, which brings the three
 * feedback holders into the page's chunk: they load on their own after the first page (app/deferred-feedback.tsx).
 */
export const useFeedback = useApp;
