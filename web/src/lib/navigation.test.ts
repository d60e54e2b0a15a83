import { afterEach, describe, expect, it } from 'vitest';
import {
  loginPathReturningTo,
  rememberReturnPath,
  safeReturnPath,
  takeReturnPath,
} from './navigation';

describe('safeReturnPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/dashboard/company/c1?tab=campaigns#top', '/dashboard/company/c1?tab=campaigns#top'],
    ['/dashboard/../profile', '/profile'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with a path', '//evil.com/profile'],
    ['backslash', '/\\evil.com'],
    ['backslashes only', '\\\\evil.com'],
    ['a tab the URL parser drops', '/\t/evil.com'],
    ['a new line the URL parser drops', '/\n/evil.com'],
    ['an absolute address', 'https://evil.com/profile'],
    ['this site written as an address', 'http://localhost:3000/profile'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'profile'],
    ['a leading space', ' /profile'],
    ['empty', ''],
    ['nothing', null],
    ['the login page (a loop)', '/login?next=/profile'],
    ['the registration page', '/register'],
    ['a sign-in callback', '/auth/callback?token=x'],
    ['a very long path', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('loginPathReturningTo', () => {
  it('carries the page in ?next=', () => {
    expect(loginPathReturningTo('/dashboard/company/c1?x=1')).toBe(
      '/login?next=%2Fdashboard%2Fcompany%2Fc1%3Fx%3D1',
    );
  });

  it('leaves out the dashboard and anything that is not a same-site path', () => {
    expect(loginPathReturningTo('/dashboard')).toBe('/login');
    expect(loginPathReturningTo('//evil.com')).toBe('/login');
  });
});

describe('rememberReturnPath / takeReturnPath', () => {
  afterEach(() => sessionStorage.clear());

  it('gives the remembered page back once', () => {
    rememberReturnPath('/profile');
    expect(takeReturnPath()).toBe('/profile');
    expect(takeReturnPath()).toBeNull();
  });

  it('checks the stored value again (storage can be edited)', () => {
    sessionStorage.setItem('sailpost:return-to', '//evil.com');
    expect(takeReturnPath()).toBeNull();
  });

  it('forgets an earlier page when the new one is refused', () => {
    rememberReturnPath('/profile');
    rememberReturnPath('https://evil.com');
    expect(takeReturnPath()).toBeNull();
  });
});
