import { z } from 'zod';

// The BFF's Content-Security-Policy allows no eval. Zod would otherwise probe for it with `Function('')` (a reported
// CSP violation on every page) before falling back to the same checks without generated code.
z.config({ jitless: true });
