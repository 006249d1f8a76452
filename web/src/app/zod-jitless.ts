// The BFF's Content-Security-Policy allows no eval. Zod would otherwise probe for it with `Function('')` (a reported
// CSP violation on every page) before falling back to the same checks without generated code. Zod keeps its core config
// on `globalThis.__zod_globalConfig` (creating it when it loads, keeping one that is there) and reads it when a schema
// first parses, so setting it here is enough without bringing zod into the first download (the schemas come with the
// pages that use them); importing zod's `config` would bring its core utilities (about 3.5 KB gzipped) to every page.
// zod-jitless.spec.ts checks that zod still reads it from there.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
export {};
