import { SetMetadata } from '@nestjs/common';

export const IS_DOWNLOAD_ROUTE = 'pm:isDownloadRoute';

/**
 * Marks a GET route that a browser opens directly (a link, `<img src>`, a new tab), where no Authorization header
 * can be set: there, and only there, the access token may come as `?token=`. Elsewhere a token in the URL is
 * refused, because URLs end up in history, proxies and referrers.
 */
export const DownloadRoute = () => SetMetadata(IS_DOWNLOAD_ROUTE, true);
