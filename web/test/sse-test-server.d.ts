export interface RecordedSseRequest {
  headers: Record<string, string | string[] | undefined>;
  /** Epoch ms the request arrived. */
  at: number;
  /** The connection was closed (by either side). */
  closed: boolean;
}

export interface SseTestResponse {
  write(chunk: string): boolean;
  end(chunk?: string): void;
  writeHead(status: number, headers?: Record<string, string>): void;
}

export interface SseTestServer {
  url: string;
  requests: RecordedSseRequest[];
  close(): Promise<void>;
}

export function startSseTestServer(script: (req: unknown, res: SseTestResponse, index: number) => void): Promise<SseTestServer>;
export function openEventStream(res: SseTestResponse): void;
