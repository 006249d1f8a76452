import { SetMetadata } from '@nestjs/common';
import type { CallerKind } from './principal.js';

export const CALLERS = 'pm:callers';

/**
 * Which kinds of caller a handler (or a whole controller) accepts. Without it a handler accepts users only, so a
 * service token never reaches code written for a person; `@Callers('user', 'service')` opts in to machine callers,
 * `@Callers('service')` keeps a handler for them alone.
 */
export const Callers = (...kinds: [CallerKind, ...CallerKind[]]) => SetMetadata(CALLERS, kinds);
