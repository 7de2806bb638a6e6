// The round-robin proxy of `npm run bench:live` in a process of its own (forked by bench-live.ts): at 10,000
// watchers it holds 20,000 sockets, and its work shows apart from the load generator's in the report.
// Arguments: its port, then the api ports. It answers { port } over IPC, then { counts } to 'counts', and stops
// on 'stop'.
import { startRoundRobinProxy } from '../../cluster/round-robin-proxy';

const [port, ...ports] = process.argv.slice(2).map(Number);
const proxy = await startRoundRobinProxy(
  ports.map((p) => ({ host: '127.0.0.1', port: p })),
  { port },
);
process.send!({ type: 'listening', port: proxy.port });
process.on('message', (msg: { type: string }) => {
  if (msg.type === 'counts') process.send!({ type: 'counts', counts: [...proxy.counts] });
  else if (msg.type === 'stop')
    void proxy.close().then(() => {
      process.disconnect();
      process.exit(0);
    });
});
