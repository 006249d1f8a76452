/**
 * Saves a file the BFF answers at `/api/<path>` under `fileName` (or the name its Content-Disposition gives), fetched
 * with the session's bearer token into a Blob, so no credential is ever put in a URL.
 */
export async function saveDownload(path: string, fileName: string | null, token: string | null): Promise<void> {
  const response = await fetch(`/api/${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fileNameOf(response.headers.get('content-disposition')) ?? 'download';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The plain `filename="…"` of a Content-Disposition header, if it has one. */
export function fileNameOf(disposition: string | null): string | null {
  return disposition ? (/filename="([^"]+)"/.exec(disposition)?.[1] ?? null) : null;
}
