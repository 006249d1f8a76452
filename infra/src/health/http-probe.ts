/** A GET that counts as healthy only on a 2xx; the body is drained so the socket is released. */
export async function httpOk(url: string, timeoutMs = 2_000): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return true;
}
