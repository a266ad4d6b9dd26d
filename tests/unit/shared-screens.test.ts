/**
 * The table of signed-in screens (shared/src/staff/screens.ts): the spec's 14 sidebar entries in order, and the
 * issue's rule of who opens what (System Settings, AI Security Manager and Data Migration for admins only), and the
 * signed-in Subscription Plans page of the account block (admins only, not a sidebar entry).
 */
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, mayOpenScreen, screenAudience, screens, screensForRole, subscriptionScreen } from '../../shared/src/staff/screens.ts';

const ADMIN_ONLY = ['/system-settings', '/security-manager', '/data-migration'];

describe('signed-in screens', () => {
  it('are the spec\'s 14 routes, each once, in sidebar order', () => {
    expect(screens.map((screen) => screen.path)).toEqual([
      '/', '/prescriptions', '/patients', '/drugs', '/providers', '/prescription-files', '/billing', '/inventory',
      '/labels', '/reports', '/system-settings', '/security-manager', '/data-migration', '/loading-demo',
    ]);
    expect(new Set(screens.map((screen) => screen.sidebarLabel)).size).toBe(14);
  });

  it('an admin opens all 14; pharmacists and technicians all but the three admin screens', () => {
    expect(screensForRole('admin')).toEqual([...screens]);
    for (const role of ['pharmacist', 'technician'] as const) {
      expect(screensForRole(role).map((screen) => screen.path), role).toEqual(
        screens.map((screen) => screen.path).filter((path) => !ADMIN_ONLY.includes(path)),
      );
    }
  });

  it('every screen is open to admins (an admin can always reach what they manage)', () => {
    for (const screen of screens) expect(mayOpenScreen('admin', screen), screen.path).toBe(true);
    expect(STAFF_ROLES).toEqual(['admin', 'pharmacist', 'technician']);
  });

  it('names who may open a screen in words', () => {
    const settings = screens.find((screen) => screen.path === '/system-settings')!;
    expect(screenAudience(settings)).toBe('admins');
    expect(screenAudience(screens[0])).toBe('all staff');
    expect(screenAudience({ ...settings, roles: ['admin', 'pharmacist'] })).toBe('admins and pharmacists');
  });

  it('the signed-in Subscription Plans page is for admins only and is no sidebar entry', () => {
    expect(subscriptionScreen.path).toBe('/subscription-plans');
    expect(STAFF_ROLES.filter((role) => mayOpenScreen(role, subscriptionScreen))).toEqual(['admin']);
    expect(screenAudience(subscriptionScreen)).toBe('admins');
    for (const role of STAFF_ROLES) expect(screensForRole(role).map((screen) => screen.path), role).not.toContain(subscriptionScreen.path);
  });
});
