/** Every port the infrastructure listens on; all bound to 127.0.0.1. */
export interface StackPorts {
  postgres: number;
  nats: number;
  natsMonitor: number;
  minio: number;
  minioConsole: number;
  temporal: number;
  temporalUi: number;
  smtp: number;
  mailWeb: number;
  /** The local Stripe (the payments service's card provider under npm start and the browser journeys). */
  stripe: number;
  /** The local Paddle Billing (the payments service's plans provider under npm start and the browser journeys). */
  paddle: number;
}

export const devPorts: StackPorts = {
  postgres: 54329,
  nats: 4222,
  natsMonitor: 8222,
  minio: 9000,
  minioConsole: 9001,
  temporal: 7233,
  temporalUi: 8233,
  smtp: 1025,
  mailWeb: 1080,
  stripe: 12130,
  paddle: 12150,
};

/** Disjoint from devPorts so the test suite runs while the platform is up. */
export const testPorts: StackPorts = {
  postgres: 55439,
  nats: 14222,
  natsMonitor: 18222,
  minio: 19000,
  minioConsole: 19001,
  temporal: 17233,
  temporalUi: 18233,
  smtp: 11025,
  mailWeb: 11080,
  stripe: 12140,
  paddle: 12160,
};

/** The browser journeys' platform (see profile.ts): disjoint from both of the above. */
export const e2ePorts: StackPorts = {
  postgres: 56449,
  nats: 24322,
  natsMonitor: 28322,
  minio: 29000,
  minioConsole: 29001,
  temporal: 27233,
  temporalUi: 28233,
  smtp: 21025,
  mailWeb: 21080,
  stripe: 22130,
  paddle: 22150,
};
