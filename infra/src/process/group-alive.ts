/** Whether any process is left in the process group led (once) by this pid. Signal 0 checks without signalling. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    // EPERM means a member exists but belongs to another user: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
