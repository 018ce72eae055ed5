/** The PUBLIC_CI catalog recognises real failures in the loghub samples and is well formed. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readLoghubSample } from '../../../../test/support/loghub-samples.js';
import { matchSignature } from './known-error-signature.js';
import { PUBLIC_CI_CATALOG } from './public-ci-catalog.js';

function matchesIn(system: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of readLoghubSample(system).contents) {
    const signature = matchSignature(PUBLIC_CI_CATALOG, message);
    if (signature !== undefined) counts.set(signature.id, (counts.get(signature.id) ?? 0) + 1);
  }
  return counts;
}

describe('PUBLIC_CI catalog', () => {
  it('has unique ids, a tag, a description and https documentation links for every signature', () => {
    const ids = PUBLIC_CI_CATALOG.map((signature) => signature.id);
    assert.equal(new Set(ids).size, ids.length);
    const tags = new Set(PUBLIC_CI_CATALOG.map((signature) => signature.tagName));
    for (const tag of ['database', 'web-server', 'jvm', 'nodejs', 'kubernetes', 'ssh', 'kernel']) assert.ok(tags.has(tag), tag);
    for (const signature of PUBLIC_CI_CATALOG) {
      assert.ok(signature.description.length > 40, signature.id);
      assert.ok(signature.links.length > 0 && signature.links.every((link) => link.startsWith('https://')), signature.id);
      assert.equal(signature.hint, signature.hint.toLowerCase(), `${signature.id}: hints are lower case`);
    }
  });

  // Expected counts were read off the samples with grep; each signature must find at least that many of its lines.
  const expected: readonly [system: string, id: string, atLeast: number][] = [
    ['OpenSSH', 'ssh-failed-password', 500],
    ['OpenSSH', 'ssh-reverse-mapping-break-in', 80],
    ['OpenSSH', 'ssh-invalid-user', 100],
    ['OpenSSH', 'ssh-no-identification', 10],
    ['Linux', 'pam-authentication-failure', 400],
    ['Apache', 'apache-mod-jk-error-state', 500],
    ['Apache', 'apache-directory-index-forbidden', 30],
    ['Hadoop', 'jvm-no-route-to-host', 6],
    ['HDFS', 'hdfs-datanode-serving-exception', 10],
    ['Zookeeper', 'zookeeper-end-of-stream', 30],
    ['BGL', 'kernel-cache-parity-error', 40],
    ['BGL', 'kernel-machine-check', 5],
    ['Thunderbird', 'network-connection-refused', 10],
    ['Proxifier', 'network-name-resolution', 15],
  ];
  for (const [system, id, atLeast] of expected) {
    it(`finds ${id} in ${system}`, () => {
      const found = matchesIn(system).get(id) ?? 0;
      assert.ok(found >= atLeast, `${id}: ${found} < ${atLeast}`);
    });
  }

  it('stays quiet on ordinary logs: under 2 % of the HealthApp, Spark and Windows samples match anything', () => {
    for (const system of ['HealthApp', 'Spark', 'Windows']) {
      const total = [...matchesIn(system).values()].reduce((a, b) => a + b, 0);
      assert.ok(total < 40, `${system}: ${total}`);
    }
  });

  it('names a Java connection failure by its exception, not by the generic network signature', () => {
    assert.equal(matchSignature(PUBLIC_CI_CATALOG, 'java.net.ConnectException: Connection refused')?.id, 'jvm-connect-exception');
    assert.equal(
      matchSignature(
        PUBLIC_CI_CATALOG,
        '2026/11/25 10:00:00 [error] 7#7: *1 upstream timed out (110: Connection timed out) while reading response header from upstream',
      )?.id,
      'nginx-upstream-timed-out',
    );
    assert.equal(matchSignature(PUBLIC_CI_CATALOG, 'GET /health 200 4ms'), undefined);
  });
});
