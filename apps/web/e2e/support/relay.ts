import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of the test server that the test can cut for real: the browser's
 * connections go through it, so destroying them breaks a running upload as a dropped mobile
 * network does (Chromium's offline switch leaves a running request alone). It counts the
 * bytes going up, and can hold them to a given rate like a slow uplink.
 */
export interface Relay {
  url: string;
  /** Bytes the browser sent through the relay so far (requests, headers included). */
  bytesUp(): number;
  /** Drops every connection and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  /** Uplink rate in bytes a second (undefined: as fast as it goes). */
  throttle(bytesPerSecond: number | undefined): void;
  close(): Promise<void>;
}

export async function startRelay(targetPort: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  let up = 0;
  let down = false;
  let rate: number | undefined;
  /** When the throttled uplink is free again (ms), shared by every connection. */
  let freeAt = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server: Server = createServer((client) => {
    track(client);
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection({ port: targetPort, host: '127.0.0.1' });
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      up += chunk.length;
      upstream.write(chunk);
      if (!rate) return;
      // Hold the browser back as long as this chunk takes on the slow uplink.
      const now = Date.now();
      freeAt = Math.max(freeAt, now) + (chunk.length * 1000) / rate;
      const wait = freeAt - now;
      if (wait > 5) {
        client.pause();
        setTimeout(() => client.resume(), wait);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('relay did not listen');

  return {
    url: `http://127.0.0.1:${address.port}`,
    bytesUp: () => up,
    cut() {
      down = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      down = false;
    },
    throttle(bytesPerSecond) {
      rate = bytesPerSecond;
      freeAt = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
