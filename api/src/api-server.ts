import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppDeps } from './app-deps';
import { createApp } from './app';
import { registerRoomGuards } from './realtime/room-guards';
import { createSocketServer, type SocketServer } from './realtime/socket-server';

export interface RunningApi {
  url: string;
  port: number;
  server: http.Server;
  sockets: SocketServer;
  stop(): Promise<void>;
}

/** Serves the app and socket.io on one port; `stop()` closes connections but not the deps. */
export async function startApiServer(
  deps: AppDeps,
  port = deps.config.PORT,
  host = deps.config.HOST,
): Promise<RunningApi> {
  const app = createApp(deps);
  const server = http.createServer(app);
  const sockets = await createSocketServer(server, deps.redis, deps.logger, false);
  registerRoomGuards(sockets, deps);
  deps.liveSockets.count = () => sockets.io.engine.clientsCount;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    server,
    sockets,
    async stop() {
      deps.liveSockets.count = null;
      server.closeAllConnections();
      await sockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
