import { loadConfig } from '@pm/nest-kit';
import { z } from 'zod';

const origin = z
  .string()
  .refine((v) => /^https?:\/\/[^/]+$/.test(v.replace(/\/$/, '')), 'must be an http(s) origin like https://app.example.com');

/**
 * What the auth area needs beyond the BFF's own variables: the public address of the web app (redirect targets,
 * the Google callback, the Origin allowed to set the cookie), the special host's address when the installation has one
 * (the web app's document-centred host, web/src/app/special-host.ts: its pages may sign in too) and whether the refresh
 * cookie is Secure (always, unless turned off for a local http address).
 */
export const authWebEnv = z.object({
  PUBLIC_WEB_URL: origin.default('http://127.0.0.1:5173').transform((v) => v.replace(/\/$/, '')),
  SPECIAL_HOST_WEB_URL: z.preprocess((v) => (v === '' ? undefined : v), origin.transform((v) => v.replace(/\/$/, '')).optional()),
  REFRESH_COOKIE_SECURE: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
});
export type AuthWebConfig = z.output<typeof authWebEnv>;

export const AUTH_WEB_CONFIG = Symbol('AUTH_WEB_CONFIG');

export const authWebConfigProvider = { provide: AUTH_WEB_CONFIG, useFactory: (): AuthWebConfig => loadConfig(authWebEnv, process.env) };
