export type MessageParams = Record<string, string | number>;

/** A failed call: a server answer with a 4xx/5xx status, a network failure or an unreadable body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly params: MessageParams | undefined;

  constructor(status: number, serverMessage?: string, code?: string, params?: MessageParams) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.params = params;
  }

  /** No answer: the network failed or the deadline passed. A write may still have arrived. */
  get isNetwork(): boolean {
    return this.status === 0;
  }

  get isTimeout(): boolean {
    return this.code === 'timeout';
  }
}

export const networkError = (): ApiError => new ApiError(0, undefined, 'network');
/** Sent, or trying to, and no answer came in time. */
export const timeoutError = (): ApiError => new ApiError(0, undefined, 'timeout');
