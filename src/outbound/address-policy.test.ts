import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCidr, type Cidr } from '../shared/cidr.js';
import { createAddressPolicy } from './address-policy.js';

const cidr = (text: string): Cidr => {
  const parsed = parseCidr(text);
  assert.ok(parsed, text);
  return parsed;
};

describe('address policy', () => {
  const policy = createAddressPolicy([]);

  it('refuses loopback, private, link-local, CGNAT, metadata, multicast, unspecified and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.100.100.200',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      'not-an-ip',
    ]) {
      assert.equal(policy.allows(address), false, address);
    }
  });

  it('allows public addresses of both families', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      assert.equal(policy.allows(address), true, address);
    }
  });

  it('lets the operator open a range, and only that range', () => {
    const open = createAddressPolicy([cidr('127.0.0.0/8'), cidr('fd12::/16'), cidr('10.0.0.5')]);
    assert.equal(open.allows('127.0.0.1'), true);
    assert.equal(open.allows('::ffff:127.0.0.1'), true);
    assert.equal(open.allows('fd12::9'), true);
    assert.equal(open.allows('10.0.0.5'), true);
    assert.equal(open.allows('10.0.0.6'), false);
    assert.equal(open.allows('169.254.169.254'), false);
  });

  it('parses CIDRs and rejects what is not one', () => {
    assert.deepEqual(parseCidr('10.0.0.0/8'), { network: '10.0.0.0', prefix: 8, family: 'ipv4' });
    assert.deepEqual(parseCidr('::1'), { network: '::1', prefix: 128, family: 'ipv6' });
    for (const bad of ['10.0.0.0/33', '10.0.0/8', 'example.com/8', '10.0.0.0/8/1', '10.0.0.0/x', '::/129', ''])
      assert.equal(parseCidr(bad), undefined, bad);
  });
});
