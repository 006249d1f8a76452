// The hosted pages: server-rendered HTML with inline styles, nothing fetched from anywhere else, every input labelled.
export type PageResponse = { kind: 'html'; status: number; html: string } | { kind: 'redirect'; location: string } | { kind: 'json'; status: number; body: unknown };

export const htmlPage = (html: string, status = 200): PageResponse => ({ kind: 'html', status, html });
export const redirectTo = (location: string): PageResponse => ({ kind: 'redirect', location });

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function usd(cents: number | string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(cents) / 100);
}

export function day(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '—';
}

const CSS = `body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2433}
main{max-width:880px;margin:28px auto;padding:0 16px}
section{background:#fff;border:1px solid #dde1e7;border-radius:10px;padding:20px 24px;margin-bottom:18px}
h1{font-size:21px;margin:0 0 8px}h2{font-size:16px;margin:0 0 8px}
label{display:block;font-weight:600;margin:12px 0 4px}
input,select{box-sizing:border-box;width:100%;padding:9px;border:1px solid #aab2bf;border-radius:6px;font:inherit}
button{margin-top:16px;padding:10px 18px;border:0;border-radius:6px;background:#2f5bea;color:#fff;font:inherit;cursor:pointer}
button.quiet{background:#e4e7ec;color:#1d2433}
.alert{background:#fdecec;color:#8a1020;padding:10px;border-radius:6px}
.note{color:#5b6475;font-size:13px}.big{font-size:26px;font-weight:700}
.strip{background:#fff5d6;text-align:center;font-size:13px;padding:6px}
table{width:100%;border-collapse:collapse;font-size:13px}th,td{text-align:left;padding:5px 6px;border-bottom:1px solid #e7e9ee;vertical-align:top}
form.inline{display:inline}form.inline button{margin:0;padding:3px 8px;font-size:12px}`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${CSS}</style></head>
<body><p class="strip" role="note">Paddle sandbox: a local test double of Paddle Billing. No real payment is taken.</p><main>${body}</main></body></html>`;
}

export const messagePage = (title: string, text: string, status: number): PageResponse => htmlPage(layout(title, `<section><h1>${esc(title)}</h1><p>${esc(text)}</p></section>`), status);
