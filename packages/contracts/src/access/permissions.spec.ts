import { ACCESS_ROLES, can, PERMISSIONS, ROLE_PERMISSIONS } from './permissions.js';

describe('the role → permission table', () => {
  it('names each permission once and grants only permissions of the list', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const role of ACCESS_ROLES) expect(ROLE_PERMISSIONS[role].filter((p) => !PERMISSIONS.includes(p))).toEqual([]);
  });

  it('gives the owner and admins everything, and the other roles what the README table says', () => {
    const granted = (role: (typeof ACCESS_ROLES)[number]) => PERMISSIONS.filter((permission) => can(role, permission));
    expect(granted('OWNER')).toEqual([...PERMISSIONS]);
    expect(granted('ADMIN')).toEqual([...PERMISSIONS]);
    expect(granted('MANAGER')).toEqual(PERMISSIONS.filter((p) => p !== 'location:channels' && p !== 'partner:write'));
    expect(granted('MEMBER')).toEqual(PERMISSIONS.filter((p) => p.endsWith(':read') || p === 'knowledge:write' || p === 'contact:write' || p === 'document:write'));
    expect(granted('VIEWER')).toEqual(PERMISSIONS.filter((p) => p.endsWith(':read')));
    expect(granted('VENDOR')).toEqual(['location:read', 'building:read', 'unit:read', 'knowledge:read', 'contact:read']);
  });
});
