import { BlockList, isIP } from 'node:net';

/** Addresses and CIDR ranges (`127.0.0.1`, `::1`, `10.0.0.0/8`) as a list to match connecting clients against. */
export function relayList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(bits), family);
  }
  return list;
}

/** Whether a string is an address or CIDR range `relayList` takes (for the env schema). */
export function isRelayEntry(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  return bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** Whether a client's address (an IPv4 one possibly written IPv4-mapped, as a dual-stack socket gives it) is in the list. */
export function inRelayList(list: BlockList, ip: string): boolean {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
