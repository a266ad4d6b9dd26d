/**
 * The outbound address rule (edge-functions/_shared/outbound-url.ts): on hosted only https to public addresses —
 * literal or resolved — never private, loopback, link-local, CGNAT, multicast, reserved or IPv4 hidden in IPv6;
 * the local stack may call its loopback doubles over http.
 */
import { describe, expect, it } from 'vitest';
import { OutboundUrlError, checkOutboundUrl, isPublicAddress } from '../../edge-functions/_shared/outbound-url.ts';

const hosted = (table: Record<string, string[]>) => ({
  hosted: true,
  resolve: async (host: string) => {
    const found = table[host];
    if (!found) throw new Error('NXDOMAIN');
    return found;
  },
});

describe('isPublicAddress', () => {
  it.each([
    '10.0.0.1', '10.255.255.255', '127.0.0.1', '127.8.9.10', '0.0.0.0', '169.254.169.254', '172.16.0.1', '172.31.255.255',
    '192.168.1.1', '100.64.0.1', '100.127.255.255', '192.0.2.10', '198.18.0.1', '198.51.100.7', '203.0.113.9', '224.0.0.1',
    '240.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1',
    '::ffff:10.1.2.3', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1', '2002:0a00:0001::1', '2001:db8::1', 'fe80::1%eth0', 'not an ip',
    '1.2.3', '256.1.1.1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001:80b::200e'])(
    '%s is public', (address) => {
      expect(isPublicAddress(address)).toBe(true);
    });
});

describe('checkOutboundUrl', () => {
  it('hosted: https to a name whose every address is public', async () => {
    const url = await checkOutboundUrl('https://edi.wholesaler.example/v1', hosted({ 'edi.wholesaler.example': ['93.184.216.34', '2606:2800:220:1::1'] }));
    expect(url.href).toBe('https://edi.wholesaler.example/v1');
  });

  it.each([
    ['http://edi.wholesaler.example', { 'edi.wholesaler.example': ['93.184.216.34'] }, 'The address must use https://'],
    ['https://127.0.0.1:8443', {}, 'only public addresses can be called'],
    ['https://[::1]/x12', {}, 'only public addresses can be called'],
    ['https://169.254.169.254/latest', {}, 'only public addresses can be called'],
    ['https://inside.example', { 'inside.example': ['93.184.216.34', '10.0.0.5'] }, '(10.0.0.5)'],
    ['https://rebind.example', { 'rebind.example': ['127.0.0.1'] }, 'private, loopback or reserved'],
    ['https://nowhere.example', {}, 'could not be found (DNS)'],
    ['https://user:secret@edi.example', {}, 'user name or password'],
    ['ftp://edi.example', {}, 'Only http(s) addresses'],
    ['not a url', {}, 'is not a web address'],
  ])('hosted refuses %s', async (address, table, message) => {
    await expect(checkOutboundUrl(address, hosted(table))).rejects.toThrow(OutboundUrlError);
    await expect(checkOutboundUrl(address, hosted(table))).rejects.toThrow(message);
  });

  it('the local stack may call its loopback doubles over http', async () => {
    const url = await checkOutboundUrl('http://127.0.0.1:54326', { hosted: false, resolve: async () => { throw new Error('not asked'); } });
    expect(url.port).toBe('54326');
  });
});
