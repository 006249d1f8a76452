import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'pm:isPublic';

/** Opens a route or handler (or a whole controller) to callers without an access token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
