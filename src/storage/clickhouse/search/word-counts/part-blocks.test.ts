import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mayShareRows, partBlocks } from './part-blocks.js';

describe('part blocks', () => {
  it('reads the partition and block range of a part name, with or without a mutation', () => {
    assert.deepEqual(partBlocks('all_1_401_5'), { partition: 'all', first: 1, last: 401 });
    assert.deepEqual(partBlocks('all_1_401_5_402'), { partition: 'all', first: 1, last: 401 });
    assert.deepEqual(partBlocks('20261120_7_7_0'), { partition: '20261120', first: 7, last: 7 });
    assert.equal(partBlocks('all'), null);
    assert.equal(partBlocks('all_9_3_1'), null);
  });

  it('tells the parts made from another one (a merge, a mutation) from the parts written apart', () => {
    assert.ok(mayShareRows('all_1_401_5', 'all_1_500_6'));
    assert.ok(mayShareRows('all_1_401_5', 'all_1_401_5_402'));
    assert.ok(mayShareRows('all_402_402_0', 'all_1_500_6'));
    assert.ok(!mayShareRows('all_1_401_5', 'all_402_402_0'));
    assert.ok(!mayShareRows('a_1_4_1', 'b_1_4_1'));
    // A name it cannot read may hold anything.
    assert.ok(mayShareRows('odd', 'all_1_1_0'));
  });
});
