import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../../../test/render-routes.js';
import { appRoutes } from '../../app/router.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.SpiedFunction<typeof fetch>;

beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  fetchMock.mockRestore();
});

function rowOf(name: string) {
  const label = screen.getByText(name, { selector: 'th, th *' });
  return within(label.closest('tr')!);
}

describe('PlatformStatusPage', () => {
  it('shows each check of a healthy platform, asking the BFF with the session token and a request id', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ status: 'ok', checks: { Database: { status: 'up' }, Messaging: { status: 'up' } } }),
    );
    const store = createAppStore();
    const accessToken = crypto.randomUUID();
    store.dispatch(sessionStarted({ accessToken }));

    renderRoutes(appRoutes, { path: '/status', store });

    expect(await screen.findByText('All systems operational')).toBeTruthy();
    expect(rowOf('Database').getByText('Up')).toBeTruthy();
    expect(rowOf('Messaging').getByText('Up')).toBeTruthy();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.method).toBe('GET');
    expect(new URL(request.url).pathname).toBe('/api/platform/status');
    expect(request.headers.get('authorization')).toBe(`Bearer ${accessToken}`);
    expect(request.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('shows the failing part of a degraded platform, which the BFF reports with HTTP 503, and never a detail', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { status: 'degraded', checks: { Database: { status: 'up' }, 'File storage': { status: 'down', detail: 'connect ECONNREFUSED 10.0.0.5:9000' } } },
        503,
      ),
    );

    renderRoutes(appRoutes, { path: '/status' });

    expect(await screen.findByText('Degraded')).toBeTruthy();
    expect(rowOf('File storage').getByText('Down')).toBeTruthy();
    expect(screen.queryByText(/ECONNREFUSED/)).toBeNull();
    expect(rowOf('Database').getByText('Up')).toBeTruthy();
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.headers.has('authorization')).toBe(false);
  });

  it('says the status could not be loaded when the BFF fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Bad gateway' }, 502));

    renderRoutes(appRoutes, { path: '/status' });

    expect(await screen.findByText('The platform status could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('All systems operational')).toBeNull();
  });

  it('treats a report of another shape as a failure and logs the broken contract', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse({ status: 'ok', checks: { postgres: { status: 'maybe' } } }));

    renderRoutes(appRoutes, { path: '/status' });

    expect(await screen.findByText('The platform status could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('All systems operational')).toBeNull();
    expect(consoleError.mock.calls.flat().map(String).join('\n')).toContain('Health check "postgres" has no up/down status');
    consoleError.mockRestore();
  });
});
