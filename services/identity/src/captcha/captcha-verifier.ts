import { Inject, Injectable } from '@nestjs/common';
import { identityMessages } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-env.js';

const siteverify: Record<'hcaptcha' | 'turnstile', string> = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

/**
 * The captcha check of sign-up, sign-in, forgot-password and anonymous sign-in. Disabled (CAPTCHA_PROVIDER=none)
 * on a developer's machine, where no widget is shown; with hCaptcha or Turnstile the token is required and checked
 * against the provider's siteverify endpoint (both take the same form fields).
 */
@Injectable()
export class CaptchaVerifier {
  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  get enabled(): boolean {
    return this.config.CAPTCHA_PROVIDER !== 'none';
  }

  async verify(token: string | undefined, clientIp: string): Promise<void> {
    const provider = this.config.CAPTCHA_PROVIDER;
    if (provider === 'none') return;
    if (!token) throw RpcFailure.badRequest(identityMessages.captchaRequired);
    const body = new URLSearchParams({ secret: this.config.CAPTCHA_SECRET_KEY ?? '', response: token, remoteip: clientIp });
    let success: boolean;
    try {
      const response = await fetch(this.config.CAPTCHA_VERIFY_URL ?? siteverify[provider], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      success = response.ok && ((await response.json()) as { success?: boolean }).success === true;
    } catch {
      throw new RpcFailure(503, 'The captcha could not be checked. Please try again.', 'captcha_unavailable');
    }
    if (!success) throw new RpcFailure(400, 'captcha verification process failed', 'captcha_failed');
  }
}
