/** An answer of the BFF as it came, for the steps that decide by its status (a call not there yet, a retry). */
export interface DemoAnswer<T = unknown> {
  status: number;
  body: T;
}

/**
 * The BFF's JSON API with a signed-in person's access token, as the browser calls it. `get`/`post`/`put` stop the
 * seed with the answer's message on anything but 2xx; `attempt` hands back whatever came.
 */
export class DemoApi {
  readonly apiUrl: string;
  readonly accessToken: string;
  readonly userId: string;

  private constructor(apiUrl: string, accessToken: string, userId: string) {
    this.apiUrl = apiUrl;
    this.accessToken = accessToken;
    this.userId = userId;
  }

  static async signIn(apiUrl: string, email: string, password: string): Promise<DemoApi> {
    const response = await fetch(`${apiUrl}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`signing in as ${email}: ${response.status} ${await response.text()}`);
    const session = (await response.json()) as { access_token: string; user: { id: string } };
    return new DemoApi(apiUrl, session.access_token, session.user.id);
  }

  get<T>(path: string): Promise<T> {
    return this.send<T>('GET', path);
  }

  post<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.send<T>('POST', path, body);
  }

  put<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.send<T>('PUT', path, body);
  }

  /** A form with files (multipart) as the browser posts it; its status and JSON body, whatever the status. */
  async attemptForm<T = unknown>(path: string, form: FormData, headers: Record<string, string> = {}): Promise<DemoAnswer<T>> {
    const response = await fetch(`${this.apiUrl}/${path}`, { method: 'POST', headers: { authorization: `Bearer ${this.accessToken}`, ...headers }, body: form });
    return { status: response.status, body: parsed<T>(await response.text()) };
  }

  /** The call's status and JSON body (null when it has none), whatever the status. */
  async attempt<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<DemoAnswer<T>> {
    const response = await fetch(`${this.apiUrl}/${path}`, {
      method,
      headers: { authorization: `Bearer ${this.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: parsed<T>(await response.text()) };
  }

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.attempt<T>(method, path, body);
    if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}

/** A JSON body, null when there is none; a body that is not JSON (a proxy's error page) is kept as text for the message. */
function parsed<T>(text: string): T {
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    return text as T;
  }
}
