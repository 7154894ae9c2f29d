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

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export const networkError = (): ApiError => new ApiError(0, undefined, 'network');
