import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let octet = 0;
const next = () => (octet = (octet + 1) % 250) + 1;

/**
 * Talks to the app like one browser: keeps its cookies (session, CSRF, device) and echoes
 * the CSRF cookie in X-CSRF-Token as the web client does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Each client comes from its own address, as separate browsers would (per-IP limits). */
  readonly remoteAddress = `10.${next()}.${next()}.${next()}`;

  constructor(
    private readonly app: FastifyInstance,
    private readonly host = 'localhost',
  ) {}

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    // In production the cookie carries the __Host- prefix (cookie-policy.ts).
    const csrfOf = () => this.cookies.get('csrf') ?? this.cookies.get('__Host-csrf');
    if (method !== 'GET' && csrfOf() === undefined) await this.request('GET', '/api/settings.php');
    const csrf = csrfOf();
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const options: InjectOptions = {
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: {
        host: this.host,
        ...(cookie ? { cookie } : {}),
        // Like the web client: the header on every call once the cookie is known.
        ...(csrf !== undefined ? { 'x-csrf-token': csrf } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    };
    const response = await this.app.inject(options);
    for (const set of response.cookies) {
      if (set.value === '' || (set.maxAge !== undefined && set.maxAge <= 0))
        this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  /** Uploads one file as multipart/form-data. */
  upload = (url: string, body: { payload: Buffer; headers: Record<string, string> }) =>
    this.request('POST', url, body.payload, body.headers);

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown) => this.request('POST', url, payload ?? {});
  delete = (url: string, payload?: unknown) => this.request('DELETE', url, payload ?? {});
  put = (url: string, payload?: unknown) => this.request('PUT', url, payload ?? {});
}
