import { returnLink, sitePath } from './return-path.js';

describe('return paths after signing in', () => {
  it('keeps same-origin paths with their query', () => {
    expect(sitePath('/property-manager/account/profile')).toBe('/property-manager/account/profile');
    expect(sitePath('/partner-invitation/abc?email=a%40b.test')).toBe('/partner-invitation/abc?email=a%40b.test');
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', '/\\/evil.example', '/\t/evil.example', 'javascript:alert(1)', 'share/x', '', null])(
    'refuses %p',
    (value) => {
      expect(sitePath(value)).toBeNull();
      expect(returnLink(value)).toBeNull();
    },
  );

  it('follows only share links and partner invitations', () => {
    expect(returnLink('/share/Ab3x')).toBe('/share/Ab3x');
    expect(returnLink('/partner-invitation/q3Jx_0c-9?email=j%40example.test')).toBe('/partner-invitation/q3Jx_0c-9?email=j%40example.test');
    expect(returnLink('/partner-invitation/')).toBeNull();
    expect(returnLink('/partner-invitation/t/../../property-manager/rules')).toBeNull();
    expect(returnLink('/property-manager/rules')).toBeNull();
    expect(returnLink('/shared/x')).toBeNull();
  });
});
