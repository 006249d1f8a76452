import { waitFor } from '../wait-for.js';

export interface SinkEmail {
  id: string;
  subject: string;
  to: { address: string }[];
  html?: string;
  text?: string;
}

/** The mail sink's REST API (maildev): outbound e-mail the platform sent, as a person would read it. */
export class MailSink {
  constructor(private readonly apiUrl: string = process.env['E2E_MAIL_API_URL'] ?? process.env['MAIL_UI_URL'] ?? '') {
    if (!apiUrl) throw new Error('No mail sink URL: set E2E_MAIL_API_URL or MAIL_UI_URL');
  }

  async all(): Promise<SinkEmail[]> {
    const response = await fetch(`${this.apiUrl}/email`);
    if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
    return (await response.json()) as SinkEmail[];
  }

  /** Waits for the newest e-mail to `address` whose subject matches. */
  async waitForEmail(address: string, subject: RegExp, timeout = 20_000): Promise<SinkEmail> {
    let found: SinkEmail | undefined;
    await waitFor(
      async () => {
        const mails = (await this.all()).filter(
          (m) => m.to.some((to) => to.address.toLowerCase() === address.toLowerCase()) && subject.test(m.subject),
        );
        found = mails.at(-1);
        return found !== undefined;
      },
      { timeout },
    );
    return found!;
  }

  /** The links of an e-mail, in order. */
  static links(email: SinkEmail): string[] {
    const body = email.html ?? email.text ?? '';
    return [...body.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
  }
}
