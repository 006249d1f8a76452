import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { renderRoutes } from '../../test/render-routes.js';
import { decideAccess } from './access/access-policy.js';
import { appAccessRules, overviewPathOf } from './access/app-access-rules.js';
import { isPublicPath } from './access/public-paths.js';
import { appRoutes } from './router.js';
import { isSpecialHost, SPECIAL_HOST_DASHBOARD_PATH } from './special-host.js';

/** The machine-readable copy of spec 000 §2.1 the browser walk (e2e/route-table.e2e-spec.ts) also reads. */
interface RouteEntry {
  route: string;
  path: string;
  audience: 'public' | 'signed-in' | 'home-owner' | 'onboarding' | 'manager' | 'resident';
  specialHost?: boolean;
  pending?: string;
}
const table = JSON.parse(readFileSync(join(import.meta.dirname, '../../e2e/route-table.json'), 'utf8')) as { routes: RouteEntry[] };

/** An example path with any id in its placeholders, without its query. */
const concrete = (entry: RouteEntry) => entry.path.replace(/\{[^}]+\}/g, 'id-1').split('?')[0]!;

/** The route the router ends at for `pathname`: the catch-all ('*') when nothing of the table matches. */
const leafOf = (pathname: string) => matchRoutes(appRoutes, pathname)?.at(-1)?.route.path;

describe('the route table of spec 000 §2.1 against the router', () => {
  it('has the spec’s 100 routes, each once', () => {
    expect(table.routes).toHaveLength(100);
    expect(new Set(table.routes.map((entry) => entry.route)).size).toBe(100);
  });

  it.each(table.routes.filter((entry) => !entry.pending).map((entry) => [entry.route, entry] as const))('%s has a route of its own', (_route, entry) => {
    expect(leafOf(concrete(entry))).not.toBe('*');
  });

  // A pending route is one a later issue brings: when it gets a page, that issue removes its mark from the table.
  it.each(table.routes.filter((entry) => entry.pending).map((entry) => [entry.route, entry] as const))('%s is pending and still falls through', (_route, entry) => {
    expect(leafOf(concrete(entry))).toBe('*');
  });

  it('lists as public exactly the routes the access guard treats as public', () => {
    for (const entry of table.routes) expect([entry.route, isPublicPath(concrete(entry))]).toEqual([entry.route, entry.audience === 'public']);
  });

  it('keeps on the special host the public routes the table marks, and sends the others to its home', () => {
    for (const entry of table.routes.filter((route) => route.audience === 'public')) {
      const decision = decideAccess({ pathname: concrete(entry), isSignedIn: false, specialHost: true }, appAccessRules);
      expect([entry.route, decision]).toEqual([entry.route, entry.specialHost ? { allowed: true } : { allowed: false, redirectTo: '/' }]);
    }
  });
});

describe('the special host', () => {
  it('is a host whose name starts with the configured prefix', () => {
    expect(isSpecialHost('docs.pm-platform.example', 'docs.')).toBe(true);
    expect(isSpecialHost('DOCS.pm-platform.example', 'docs.')).toBe(true);
    expect(isSpecialHost('app.pm-platform.example', 'docs.')).toBe(false);
    expect(isSpecialHost('docs.pm-platform.example', '')).toBe(false);
    // jsdom's page is on localhost: the main host.
    expect(isSpecialHost()).toBe(false);
  });

  it('has the document list as its dashboard: Property Overview, and a path not allowed for a signed-in user', () => {
    expect(overviewPathOf('property_manager', true)).toBe(SPECIAL_HOST_DASHBOARD_PATH);
    expect(overviewPathOf('resident', true)).toBe(SPECIAL_HOST_DASHBOARD_PATH);
    expect(overviewPathOf('property_manager', false)).toBe('/property-manager/dashboard');
    expect(overviewPathOf('home_owner', false)).toBe('/dashboard');
    expect(decideAccess({ pathname: '/resident/dashboard', isSignedIn: true, accountType: 'property_manager', specialHost: true }, appAccessRules)).toEqual({
      allowed: false,
      redirectTo: SPECIAL_HOST_DASHBOARD_PATH,
    });
    expect(decideAccess({ pathname: '/resident/dashboard', isSignedIn: true, accountType: 'property_manager' }, appAccessRules)).toEqual({
      allowed: false,
      redirectTo: '/property-manager/dashboard',
    });
  });
});

describe('routes that only lead elsewhere', () => {
  it('/old shows the main landing page', async () => {
    const { router } = renderRoutes(appRoutes, { path: '/old' });
    expect(await screen.findByRole('heading', { level: 1, name: 'PM Platform' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/old');
  });
});
