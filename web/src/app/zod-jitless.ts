import { config } from 'zod/v4/core';

// The BFF's Content-Security-Policy allows no eval. Zod would otherwise probe for it with `Function('')` (a reported
// CSP violation on every page) before falling back to the same checks without generated code. Zod's core config is
// global and read when a schema first parses, so setting it here is enough without bringing zod itself into the first
// download (the schemas come with the pages that use them).
config({ jitless: true });
