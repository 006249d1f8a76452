import type { CaptchaAdapter } from '../src/features/auth/captcha/captcha-adapter.js';

/**
 * A captcha provider for tests: a "Solve captcha" button that yields a token, and a count of resets. It stands in
 * for the hosted widget (Turnstile/hCaptcha script), which cannot load in jsdom.
 */
export function testCaptcha() {
  const state = { resets: 0 };
  const adapter: CaptchaAdapter = {
    render(container, { onToken }) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Solve captcha';
      button.addEventListener('click', () => onToken('captcha-token'));
      container.appendChild(button);
      return Promise.resolve({
        reset: () => {
          state.resets += 1;
        },
        remove: () => button.remove(),
      });
    },
  };
  return { adapter, state };
}
