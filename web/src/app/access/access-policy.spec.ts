import { decideAccess, type AccessRule } from './access-policy.js';

const sendSignedOutToLogin: AccessRule = ({ isSignedIn }) => (isSignedIn ? undefined : { allowed: false, redirectTo: '/login' });
const denyEverything: AccessRule = () => ({ allowed: false, redirectTo: '/nowhere' });

describe('decideAccess', () => {
  it.each(['/', '/login', '/share/Ab3x', '/verify-email/a@b.c', '/status'])('keeps the public path %s open whatever the rules say', (pathname) => {
    expect(decideAccess({ pathname, isSignedIn: false }, [denyEverything])).toEqual({ allowed: true });
  });

  it('applies the first rule that decides to any other path', () => {
    const rules = [sendSignedOutToLogin, denyEverything];
    expect(decideAccess({ pathname: '/property-manager/dashboard', isSignedIn: false }, rules)).toEqual({ allowed: false, redirectTo: '/login' });
    expect(decideAccess({ pathname: '/property-manager/dashboard', isSignedIn: true }, rules)).toEqual({ allowed: false, redirectTo: '/nowhere' });
  });

  it('does not treat a public path prefix as public', () => {
    expect(decideAccess({ pathname: '/login/elsewhere', isSignedIn: false }, [denyEverything]).allowed).toBe(false);
  });

  it('opens a path no rule decides on', () => {
    expect(decideAccess({ pathname: '/chat', isSignedIn: false }, [])).toEqual({ allowed: true });
  });
});
