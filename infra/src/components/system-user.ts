import { execFileSync } from 'node:child_process';

export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

function lookup(name: string): SystemUser | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { name, uid, gid };
  } catch {
    return undefined;
  }
}

/** Returns the unprivileged system account, creating it (root only) the first time. */
export function ensureSystemUser(name: string): SystemUser {
  const existing = lookup(name);
  if (existing !== undefined) return existing;
  try {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    // Another process may have created it between the lookup and useradd; only a still-missing user is an error.
    const raced = lookup(name);
    if (raced !== undefined) return raced;
    throw new Error(`cannot create the system user ${name} with useradd: ${String(error)}`, { cause: error });
  }
  const created = lookup(name);
  if (created === undefined) throw new Error(`useradd reported success but user ${name} does not exist`);
  return created;
}
