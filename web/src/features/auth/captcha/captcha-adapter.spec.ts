import { configuredCaptchaAdapter } from './captcha-adapter.js';

describe('configuredCaptchaAdapter', () => {
  it('disables the captcha without a site key (the local default)', () => {
    expect(configuredCaptchaAdapter(undefined)).toBeNull();
    expect(configuredCaptchaAdapter({})).toBeNull();
    expect(configuredCaptchaAdapter({ VITE_CAPTCHA_SITE_KEY: '' })).toBeNull();
  });

  it('renders the provider widget when a site key is configured', () => {
    expect(configuredCaptchaAdapter({ VITE_CAPTCHA_SITE_KEY: 'site-key', VITE_CAPTCHA_PROVIDER: 'hcaptcha' })).not.toBeNull();
  });
});
