import { loadConfig } from '@pm/nest-kit';
import { z } from 'zod';

/**
 * What the auth area needs beyond the BFF's own variables: the public address of the web app (redirect targets,
 * the Google callback, whether the cookie is Secure).
 */
export const authWebEnv = z.object({
  PUBLIC_WEB_URL: z
    .string()
    .refine((v) => /^https?:\/\/[^/]+$/.test(v.replace(/\/$/, '')), 'must be an http(s) origin like https://app.example.com')
    .default('http://127.0.0.1:5173')
    .transform((v) => v.replace(/\/$/, '')),
});
export type AuthWebConfig = z.output<typeof authWebEnv>;

export const AUTH_WEB_CONFIG = Symbol('AUTH_WEB_CONFIG');

export const authWebConfigProvider = { provide: AUTH_WEB_CONFIG, useFactory: (): AuthWebConfig => loadConfig(authWebEnv, process.env) };
