/** A message as the local mail sink (maildev) reports it through its REST API. */
export interface SinkMessage {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
  /** Header names in lower case, as the sink keeps them. */
  headers: Record<string, string>;
  attachments?: { fileName: string; contentType: string; length: number }[];
  date: string;
}

/**
 * Reads the local sink's REST API (MAIL_UI_URL): what tests and the local developer use to open the e-mails the
 * product sent. Not a production dependency.
 */
export class MailSinkClient {
  constructor(private readonly baseUrl: string) {}

  async messagesTo(address: string): Promise<SinkMessage[]> {
    const response = await fetch(`${this.baseUrl}/email`);
    if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
    const all = (await response.json()) as SinkMessage[];
    const wanted = address.toLowerCase();
    return all
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === wanted))
      .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  }
}
