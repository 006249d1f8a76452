import { Client } from 'minio';
import { GenericContainer, getContainerRuntimeClient, type StartedTestContainer, Wait } from 'testcontainers';
import { readVersions, type Secrets, type StackEnv, temporalNamespace, vaultBucket } from '@pm/infra';

export interface ContainerStack {
  env: StackEnv;
  stop(): Promise<void>;
}

export async function dockerAnswers(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** The same five servers as the local stack, from their official images, for machines with a Docker engine. */
export async function startContainerStack(secrets: Secrets): Promise<ContainerStack> {
  const images = readVersions().containerImages;
  const startupTimeout = 120_000;
  const settled = await Promise.allSettled([
    new GenericContainer(images.postgres)
      .withEnvironment({ POSTGRES_PASSWORD: secrets.postgresPassword, POSTGRES_DB: 'pm' })
      .withExposedPorts(5432)
      // The entrypoint starts the server twice (init, then for real); only the second "ready" counts.
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .withStartupTimeout(startupTimeout)
      .start(),
    new GenericContainer(images.nats)
      .withCommand(['-js', '-m', '8222'])
      .withExposedPorts(4222, 8222)
      .withWaitStrategy(Wait.forHttp('/healthz?js-enabled-only=true', 8222))
      .withStartupTimeout(startupTimeout)
      .start(),
    new GenericContainer(images.minio)
      .withCommand(['server', '/data', '--console-address', ':9001'])
      .withEnvironment({ MINIO_ROOT_USER: secrets.minioAccessKey, MINIO_ROOT_PASSWORD: secrets.minioSecretKey })
      .withExposedPorts(9000, 9001)
      .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
      .withStartupTimeout(startupTimeout)
      .start(),
    new GenericContainer(images.temporal)
      .withCommand(['server', 'start-dev', '--ip', '0.0.0.0', '--namespace', temporalNamespace])
      .withExposedPorts(7233, 8233)
      .withWaitStrategy(Wait.forListeningPorts())
      .withStartupTimeout(startupTimeout)
      .start(),
    new GenericContainer(images.mail)
      .withExposedPorts(1025, 1080)
      .withWaitStrategy(Wait.forHttp('/healthz', 1080))
      .withStartupTimeout(startupTimeout)
      .start(),
  ]);
  const started = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async (): Promise<void> => {
    await Promise.all(started.map((container) => container.stop()));
  };
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
  if (failures.length > 0) {
    await stop();
    throw new Error(`the test containers did not start:\n  - ${failures.join('\n  - ')}`);
  }
  const [postgres, nats, minio, temporal, mail] = started as [
    StartedTestContainer,
    StartedTestContainer,
    StartedTestContainer,
    StartedTestContainer,
    StartedTestContainer,
  ];
  const hostPort = (container: StartedTestContainer, port: number): string => `${container.getHost()}:${container.getMappedPort(port)}`;
  const env: StackEnv = {
    DATABASE_URL: `postgres://postgres:${encodeURIComponent(secrets.postgresPassword)}@${hostPort(postgres, 5432)}/pm`,
    NATS_URL: `nats://${hostPort(nats, 4222)}`,
    TEMPORAL_ADDRESS: hostPort(temporal, 7233),
    TEMPORAL_NAMESPACE: temporalNamespace,
    MINIO_ENDPOINT: hostPort(minio, 9000),
    MINIO_ACCESS_KEY: secrets.minioAccessKey,
    MINIO_SECRET_KEY: secrets.minioSecretKey,
    MINIO_BUCKET: vaultBucket,
    SMTP_URL: `smtp://${hostPort(mail, 1025)}`,
    MAIL_UI_URL: `http://${hostPort(mail, 1080)}`,
  };
  try {
    const client = new Client({
      endPoint: minio.getHost(),
      port: minio.getMappedPort(9000),
      useSSL: false,
      accessKey: secrets.minioAccessKey,
      secretKey: secrets.minioSecretKey,
    });
    if (!(await client.bucketExists(vaultBucket))) await client.makeBucket(vaultBucket);
  } catch (error) {
    await stop();
    throw error;
  }
  return { env, stop };
}
