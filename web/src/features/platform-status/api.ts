import { baseApi } from '../../app/base-api.js';
import { parsePlatformHealth, type PlatformHealth } from './platform-health.js';

export const platformStatusApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPlatformHealth: build.query<PlatformHealth, void>({
      query: () => ({
        url: 'platform/status',
        // A degraded platform answers 503 with the same report; that report is what the page exists to show.
        validateStatus: (response) => response.status === 200 || response.status === 503,
      }),
      transformResponse: parsePlatformHealth,
      providesTags: ['PlatformHealth'],
    }),
  }),
});

export const { useGetPlatformHealthQuery } = platformStatusApi;
