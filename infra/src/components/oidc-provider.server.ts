// The local OpenID provider standing in for Google in development and tests (started by oidc-provider.component.ts).
// A real OpenID Connect server (the certified `oidc-provider` package): discovery, authorization code + PKCE, ID
// tokens signed with its own key; its login page takes any configured test e-mail, without a password.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

const port = Number(process.env['OIDC_PORT']);
const issuer = `http://127.0.0.1:${port}`;
const clientId = process.env['OIDC_CLIENT_ID'] ?? 'pm-local';
const clientSecret = process.env['OIDC_CLIENT_SECRET'] ?? 'pm-local-secret';
/** Exact addresses, or `*@domain` for a whole test domain. */
const testUsers = (process.env['OIDC_TEST_USERS'] ?? '*@google.test,demo@pm.local').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);

const allowed = (email: string) =>
  /^[^\s@]+@[^\s@]+$/.test(email) && testUsers.some((entry) => entry === email || (entry.startsWith('*@') && email.endsWith(entry.slice(1))));

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'local-oidc-1', use: 'sig', alg: 'RS256' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: ['http://127.0.0.1:5173/api/auth/google/callback'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  jwks: { keys: [signingKey as never] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: async (_ctx, sub) => ({
    accountId: sub,
    claims: async () => ({ sub, email: sub, email_verified: true, name: nameOf(sub) }),
  }),
  ttl: { Session: 3600, Grant: 3600, Interaction: 600, AuthorizationCode: 120, AccessToken: 600, IdToken: 600 },
});

// Every local port of the BFF or the web dev server may be the callback (tests pick free ports): loopback only.
const loopbackCallback = /^http:\/\/(127\.0\.0\.1|localhost):\d+\/api\/auth\/google\/callback$/;
provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(uri: string) {
  return loopbackCallback.test(uri);
};

function nameOf(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local.split(/[._-]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in — local Google</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:80px auto;padding:0 16px}label,input,button{display:block;width:100%;margin:8px 0}input,button{padding:10px;font-size:16px}.error{color:#b00020}</style>
</head><body><h1>Sign in with Google (local)</h1><p>This is the development stand-in for Google. Enter a test e-mail address (${escapeHtml(testUsers.join(', '))}).</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required autofocus>
<button type="submit">Continue</button></form></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > 10_000) break;
  }
  return new URLSearchParams(raw);
}

async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error('interaction mismatch');
  if (req.method === 'GET' && !action) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid));
    return;
  }
  if (req.method === 'POST' && action === 'login') {
    const email = ((await formBody(req)).get('email') ?? '').trim().toLowerCase();
    if (!allowed(email)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid, `${email || 'That address'} is not a test user of this provider.`));
      return;
    }
    const clientIdOfRequest = String(details.params['client_id']);
    const grant = new provider.Grant({ accountId: email, clientId: clientIdOfRequest });
    grant.addOIDCScope(String(details.params['scope'] ?? 'openid email profile'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: email }, consent: { grantId } }, { mergeWithLastSubmission: false });
    return;
  }
  res.writeHead(404).end();
}

const callback = provider.callback();
const server = createServer((req, res) => {
  const match = /^\/interaction\/([^/?]+)(?:\/([a-z]+))?/.exec(req.url ?? '');
  if (match) {
    interaction(req, res, match[1]!, match[2]).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${String(error)}`);
    });
    return;
  }
  void callback(req, res);
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`local OpenID provider at ${issuer} (client ${clientId})\n`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.close(() => process.exit(0)));
