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
    ['/profile/', '/profile/'],
    // An address on this very site is its path.
    ['http://localhost:3000/profile', '/profile'],
    ['http://localhost:3000/dashboard/company/c1?tab=x#y', '/dashboard/company/c1?tab=x#y'],
    ['HTTP://LOCALHOST:3000/profile', '/profile'],
    ['//localhost:3000/profile', '/profile'],
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
    ['a script address', 'javascript:alert(1)'],
    // What the URL parser resolves to another host, though the text starts with one slash.
    ['a dot segment before a second slash', '/..//evil.example/x'],
    ['dot segments deeper down', '/dashboard/../..//evil.example/x'],
    ['a single dot segment', '/.//evil.example'],
    ['encoded dot segments', '/%2e%2e//evil.example'],
    ['a half-encoded dot segment', '/.%2E//evil.example'],
    ['three slashes', '///evil.example'],
    ['a backslash after the slash, then a slash', '/\\/evil.example'],
    ['a carriage return and line feed the URL parser drops', '/\r\n/evil.com'],
    ['a tab before the path', '\t//evil.com'],
    // Encoded slashes and backslashes are in none of our paths, and a later decoding could make
    // them real.
    ['encoded slashes', '/%2F%2Fevil.com'],
    ['lower-case encoded slashes', '/%2f%2fevil.com'],
    ['an encoded backslash', '/%5Cevil.com'],
    ['a script address in capitals', 'JaVaScRiPt:alert(1)'],
    ['a script address after a space', ' javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['this site over another scheme', 'https://localhost:3000/profile'],
    ['this site on another port', 'http://localhost:3001/profile'],
    ['another host behind our name as a user name', 'http://localhost:3000@evil.com/profile'],
    ['a host that starts with our name', 'http://localhost:3000.evil.com/profile'],
    ['a relative path', 'profile'],
    ['a leading space', ' /profile'],
    ['empty', ''],
    ['nothing', null],
    ['the login page (a loop)', '/login?next=/profile'],
    ['the login page in capitals', '/LOGIN?next=/profile'],
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
