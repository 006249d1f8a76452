export { schemathesisPath, temporalTestServerPath, testEnv, testEnvKeys, type TestEnv } from './test-env.js';
export { createTestSchema, type TestSchema } from './test-schema.js';
export { waitFor, type WaitForOptions } from './wait-for.js';
export { freePort } from './free-port.js';
export { launchBrowser, newJourney, e2eBaseUrl, CHROMIUM_PATH } from './platform/browser.js';
export { MailSink, type SinkEmail } from './platform/mail-sink.js';
export { demoAccount } from './platform/demo-account.js';
export { startTestTokenIssuer, foreignSigningKey, type TestTokenIssuer, type TokenOptions } from './test-token-issuer.js';
export { PrivateNats } from './private-nats.js';
