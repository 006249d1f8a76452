/**
 * The captcha provider behind one small interface (spec 7: "a captcha widget"). Production uses Cloudflare
 * Turnstile or hCaptcha when a site key is configured; without one the captcha is disabled, which is the local
 * default (the identity service checks tokens only when it has a secret).
 */
export interface CaptchaWidget {
  reset(): void;
  remove(): void;
}

export interface CaptchaAdapter {
  render(container: HTMLElement, callbacks: { onToken(token: string): void; onExpire(): void }): Promise<CaptchaWidget>;
}

export type CaptchaProvider = 'turnstile' | 'hcaptcha';

interface ExplicitRenderApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId?: string): void;
  remove(widgetId: string): void;
}

const scripts: Record<CaptchaProvider, { src: string; global: 'turnstile' | 'hcaptcha' }> = {
  turnstile: { src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', global: 'turnstile' },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off', global: 'hcaptcha' },
};

const loading = new Map<CaptchaProvider, Promise<ExplicitRenderApi>>();

function loadScript(provider: CaptchaProvider): Promise<ExplicitRenderApi> {
  const existing = loading.get(provider);
  if (existing) return existing;
  const { src, global } = scripts[provider];
  const promise = new Promise<ExplicitRenderApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as Record<string, ExplicitRenderApi | undefined>)[global];
      if (api) resolve(api);
      else reject(new Error(`${provider} did not load`));
    };
    script.onerror = () => {
      loading.delete(provider);
      reject(new Error(`${provider} could not be loaded`));
    };
    document.head.appendChild(script);
  });
  loading.set(provider, promise);
  return promise;
}

/** Turnstile and hCaptcha share the explicit-render API shape, so one adapter serves both. */
export function scriptCaptchaAdapter(provider: CaptchaProvider, siteKey: string): CaptchaAdapter {
  return {
    async render(container, { onToken, onExpire }) {
      const api = await loadScript(provider);
      const widgetId = api.render(container, {
        sitekey: siteKey,
        callback: onToken,
        'expired-callback': onExpire,
        'error-callback': onExpire,
      });
      return {
        reset: () => api.reset(widgetId),
        remove: () => api.remove(widgetId),
      };
    },
  };
}

/** The adapter the build is configured for, or null (captcha disabled). */
export function configuredCaptchaAdapter(env: { VITE_CAPTCHA_SITE_KEY?: string; VITE_CAPTCHA_PROVIDER?: string } | undefined): CaptchaAdapter | null {
  const siteKey = env?.VITE_CAPTCHA_SITE_KEY;
  if (!siteKey) return null;
  const provider: CaptchaProvider = env.VITE_CAPTCHA_PROVIDER === 'hcaptcha' ? 'hcaptcha' : 'turnstile';
  return scriptCaptchaAdapter(provider, siteKey);
}
