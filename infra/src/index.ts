export { cachePaths, type CachePaths } from './cache-paths.ts';
export { devPorts, e2ePorts, testPorts, type StackPorts } from './ports.ts';
export { loadSecrets, type Secrets } from './secrets.ts';
export { busyPorts, plannedOrFreePorts, startStack, vaultBucket, temporalNamespace, type RunningStack, type StackOptions, type StackUrls } from './stack.ts';
export { stackEnvKeys, type StackEnv } from './stack-env.ts';
export { waitUntilReady, type ReadinessOptions } from './health/wait-until-ready.ts';
export { readVersions, type ContainerImageName, type Versions } from './versions.ts';
export { appPorts, appPort } from './apps/app-ports.ts';
export { startE2ePlatform, stopE2ePlatform, type E2ePlatform } from './e2e-platform.ts';
