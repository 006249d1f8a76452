export * from './start-service-under-test.js';
export * from './service-harness.js';
