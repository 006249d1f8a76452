/** The variables every process of the platform reads to reach the infrastructure. */
export interface StackEnv {
  DATABASE_URL: string;
  NATS_URL: string;
  TEMPORAL_ADDRESS: string;
  TEMPORAL_NAMESPACE: string;
  MINIO_ENDPOINT: string;
  MINIO_ACCESS_KEY: string;
  MINIO_SECRET_KEY: string;
  MINIO_BUCKET: string;
  SMTP_URL: string;
  MAIL_UI_URL: string;
  /** The local OpenID provider standing in for Google (absent where the stack has none, e.g. containers). */
  OIDC_ISSUER_URL?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  /** The local Stripe, where the stack runs one (npm start, the browser journeys). */
  STRIPE_API_URL?: string;
  /** The local Paddle Billing, where the stack runs one (npm start, the browser journeys). */
  PADDLE_API_URL?: string;
}

export const stackEnvKeys = [
  'DATABASE_URL',
  'NATS_URL',
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'MINIO_ENDPOINT',
  'MINIO_ACCESS_KEY',
  'MINIO_SECRET_KEY',
  'MINIO_BUCKET',
  'SMTP_URL',
  'MAIL_UI_URL',
] as const satisfies readonly (keyof StackEnv)[];
