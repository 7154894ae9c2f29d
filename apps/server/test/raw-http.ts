import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the connection's start to the whole answer. */
  afterMs: number;
}

export interface RawConnection {
  socket: Socket;
  /** Writes now; a write after the server closed the connection is silently dropped. */
  send(data: string | Buffer): void;
  /** Sends `byte` every `everyMs` until the connection closes (a slow or stalled phone). */
  trickle(everyMs: number, byte?: string): void;
  /** The first answer on the connection (rejects if it closes without one). */
  response: Promise<RawResponse>;
  /** Milliseconds from the start until the server closed (or reset) the connection. */
  closed: Promise<number>;
  destroy(): void;
}

/**
 * A client on a raw TCP socket, for what fetch cannot do: send a body byte by byte, stop
 * half-way, and see exactly when the server answers and when it closes the connection.
 */
export async function rawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const start = Date.now();
  let received = Buffer.alloc(0);
  let timer: NodeJS.Timeout | undefined;
  let resolveResponse: (r: RawResponse) => void = () => undefined;
  let rejectResponse: (e: Error) => void = () => undefined;
  const response = new Promise<RawResponse>((resolve, reject) => {
    resolveResponse = resolve;
    rejectResponse = reject;
  });
  // A test that expects no answer (the client gives up) need not await it.
  response.catch(() => undefined);
  const closed = new Promise<number>((resolve) => {
    socket.once('close', () => {
      clearInterval(timer);
      rejectResponse(new Error(`closed without an answer: ${received.toString()}`));
      resolve(Date.now() - start);
    });
  });
  // The server may reset a connection it closed while we still send: that is a close too.
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    const parsed = parseResponse(received);
    if (parsed) resolveResponse({ ...parsed, afterMs: Date.now() - start });
  });
  const send = (data: string | Buffer) => {
    if (!socket.destroyed && socket.writable) socket.write(data);
  };
  return {
    socket,
    send,
    trickle(everyMs, byte = 'x') {
      timer = setInterval(() => send(byte), everyMs);
    },
    response,
    closed,
    destroy() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

function parseResponse(data: Buffer): Omit<RawResponse, 'afterMs'> | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = data.subarray(end + 4);
  if (body.length < length) return undefined;
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: body.subarray(0, length).toString('utf8'),
  };
}

export const BOUNDARY = '----saathi-raw-test';

/** The start of a multipart upload: its headers (announcing `totalBytes`) and a file part's head. */
export function uploadHead(opts: {
  path: string;
  token?: string;
  totalBytes: number;
  fields?: Record<string, string>;
  file: { field: string; filename: string; type: string };
}): string {
  const fields = Object.entries(opts.fields ?? {})
    .map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return (
    `POST ${opts.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    (opts.token ? `Authorization: Bearer ${opts.token}\r\n` : '') +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
    `Content-Length: ${opts.totalBytes}\r\n\r\n` +
    fields +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${opts.file.field}"; ` +
    `filename="${opts.file.filename}"\r\nContent-Type: ${opts.file.type}\r\n\r\n`
  );
}
