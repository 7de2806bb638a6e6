// The bus clock of `npm run bench:live` (forked by bench-live.ts): a process that does nothing but listen to the
// live events' Redis channel and note when each event of the proposal's room was published, so the fan-out
// (bus → every client) is measured apart from the chain worker's share (confirmation → bus), on an idle clock.
// Arguments: the Redis URL and the room. It answers 'listening', then { seqs, at } to 'report'.
import { connectRedis } from '@cr/core/infra/redis-connect';
import { EVENTS_CHANNEL, type RoomEvent } from '@cr/core/realtime/event-bus';

const [url, room] = process.argv.slice(2);
const redis = await connectRedis(url!);
const seqs: number[] = [];
const at: Record<number, number> = {};
redis.on('message', (_channel: string, raw: string) => {
  const now = Date.now();
  const m = JSON.parse(raw) as RoomEvent;
  if (m.room !== room || m.seq === undefined) return;
  seqs.push(m.seq);
  at[m.seq] = now;
});
await redis.subscribe(EVENTS_CHANNEL);
process.send!({ type: 'listening' });
process.on('message', (msg: { type: string }) => {
  if (msg.type !== 'report') return;
  process.send!({ type: 'report', seqs, at }, () => {
    redis.disconnect();
    process.disconnect();
  });
});
