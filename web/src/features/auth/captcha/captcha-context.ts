import { createContext, useContext } from 'react';
import { configuredCaptchaAdapter, type CaptchaAdapter } from './captcha-adapter.js';

// Optional chaining: jest runs without Vite, where import.meta.env does not exist.
const buildAdapter = configuredCaptchaAdapter(import.meta.env);

/** Which captcha the forms show; null hides it. Tests and embedding pages may provide another adapter. */
export const CaptchaContext = createContext<CaptchaAdapter | null>(buildAdapter);

export function useCaptchaAdapter(): CaptchaAdapter | null {
  return useContext(CaptchaContext);
}
