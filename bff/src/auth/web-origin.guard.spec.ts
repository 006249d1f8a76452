import type { ExecutionContext } from '@nestjs/common';
import { authWebEnv } from './auth-web.config.js';
import { WebOriginGuard } from './web-origin.guard.js';

const contextOf = (headers: Record<string, string>) =>
  ({ switchToHttp: () => ({ getRequest: () => ({ headers: { 'content-type': 'application/json', 'content-length': '2', ...headers } }) }) }) as unknown as ExecutionContext;

const refusal = (guard: WebOriginGuard, origin: string) => {
  try {
    guard.canActivate(contextOf({ origin }));
    return null;
  } catch (failure) {
    return (failure as { status: number }).status;
  }
};

describe('WebOriginGuard', () => {
  it('lets the web app and, when configured, its special host set the cookie; any other origin is refused', () => {
    const config = authWebEnv.parse({ PUBLIC_WEB_URL: 'https://app.example.com', SPECIAL_HOST_WEB_URL: 'https://docs.example.com/' });
    const guard = new WebOriginGuard(config);
    expect(refusal(guard, 'https://app.example.com')).toBeNull();
    expect(refusal(guard, 'https://docs.example.com')).toBeNull();
    expect(refusal(guard, 'https://evil.example.com')).toBe(403);
  });

  it('has no special host unless one is configured (an empty value is none)', () => {
    expect(authWebEnv.parse({ PUBLIC_WEB_URL: 'https://app.example.com', SPECIAL_HOST_WEB_URL: '' }).SPECIAL_HOST_WEB_URL).toBeUndefined();
    const guard = new WebOriginGuard(authWebEnv.parse({ PUBLIC_WEB_URL: 'https://app.example.com' }));
    expect(refusal(guard, 'https://docs.example.com')).toBe(403);
    expect(refusal(guard, 'https://app.example.com')).toBeNull();
  });

  it('refuses a special host address that is not an origin', () => {
    expect(() => authWebEnv.parse({ PUBLIC_WEB_URL: 'https://app.example.com', SPECIAL_HOST_WEB_URL: 'docs.example.com/path' })).toThrow();
  });
});
