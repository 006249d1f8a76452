// The hosted pages' markup: plain HTML with inline styles, nothing fetched from elsewhere.
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function money(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  const code = (currency ?? 'usd').toUpperCase();
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount / 100);
}

export function date(unixSeconds: number | null | undefined): string {
  if (!unixSeconds) return '—';
  return new Date(unixSeconds * 1000).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f9fc;color:#1a1f36}
main{max-width:960px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:20px 24px;margin:0 0 20px}
h1{font-size:22px}h2{font-size:17px;margin-top:0}
label{display:block;margin:10px 0 4px;font-weight:600;font-size:14px}
input,select{width:100%;box-sizing:border-box;padding:9px;font-size:15px;border:1px solid #c1c9d2;border-radius:4px}
button{margin-top:14px;padding:10px 18px;font-size:15px;border:0;border-radius:4px;background:#635bff;color:#fff;cursor:pointer}
button.secondary{background:#e3e8ee;color:#1a1f36}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e3e8ee;vertical-align:top}
.error{color:#b3093c;background:#ffe8ee;padding:10px;border-radius:4px}
.muted{color:#697386;font-size:13px}.amount{font-size:28px;font-weight:700}
.banner{background:#fff3cd;padding:6px 16px;font-size:13px;text-align:center}
code{font-size:12px}form.inline{display:inline}form.inline button{margin:0;padding:3px 8px;font-size:12px}`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="banner">Stripe sandbox (local, test mode): nothing here is charged.</div><main>${body}</main></body></html>`;
}
