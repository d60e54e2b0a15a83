import type { Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { Service } from './service';
import { SandboxError } from './sandbox-error';

/** The sandbox's one origin, listening: the port it got and how to close it. */
export interface Listening extends Service {
  port: number;
}

export const listen = (server: Server, port: number, host: string): Promise<Listening> =>
  new Promise((resolvePort, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        error.code === 'EADDRINUSE'
          ? new SandboxError(
              `Port ${port} is already in use (another sandbox or dev server?). Stop it, or choose another port: PORT=${port + 1} npm start`,
            )
          : error,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePort({
        port: (server.address() as AddressInfo).port,
        stop: () =>
          new Promise<void>((resolveClose) => {
            server.close(() => resolveClose());
            server.closeAllConnections();
          }),
      });
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });

export const freePort = (host: string): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
