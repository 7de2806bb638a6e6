/**
 * Resolves in a task of its own, after the browser has had its turn (input, rendering): a MessageChannel message,
 * as React's scheduler uses, since a timer in a tab in the background waits up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
