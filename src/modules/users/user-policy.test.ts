import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { userPolicy, type Caller, type Person } from './user-policy.js';

const MAIN = 1;
const A = 2;
const B = 3;
const main: Caller = { accountId: MAIN, ownerAccountId: null };
const subA: Caller = { accountId: A, ownerAccountId: MAIN };
const person = (id: number, holder: number): Person => ({
  id,
  username: 'p@example.com',
  holderAccountId: holder,
  holderMainAccountId: MAIN,
});

describe('user policy', () => {
  it('joins only a person the caller may attach', () => {
    const ofMain = person(10, MAIN);
    const ofA = person(11, A);
    const ofB = person(12, B);
    assert.equal(userPolicy.personToJoin(subA, A, [ofMain, ofB]), undefined, "a sub account never gets another account's person");
    assert.equal(userPolicy.personToJoin(subA, A, [ofMain, ofA]), ofA);
    assert.equal(userPolicy.personToJoin(main, A, [ofA, ofMain]), ofMain, "main's own person first");
    assert.equal(userPolicy.personToJoin(main, A, [ofA, ofB]), ofA, 'main may add a sub account person to that sub account');
    assert.equal(userPolicy.personToJoin(main, B, [ofA]), undefined, 'but not to a sibling');
    assert.equal(userPolicy.personToJoin(main, MAIN, [ofA]), undefined, 'nor to main itself');
  });

  it('lets the holder and its main account manage a person, nobody else', () => {
    assert.equal(userPolicy.managesPerson(subA, person(11, A)), true);
    assert.equal(userPolicy.managesPerson(main, person(11, A)), true);
    assert.equal(userPolicy.managesPerson(subA, person(10, MAIN)), false);
    assert.equal(userPolicy.managesPerson(subA, person(12, B)), false);
    assert.equal(userPolicy.managesPerson({ accountId: 9, ownerAccountId: null }, person(11, A)), false, "another organisation's main");
  });

  it('sets a password by invite only without one or with the current one', () => {
    assert.equal(userPolicy.inviteMaySetPassword(false, false), true);
    assert.equal(userPolicy.inviteMaySetPassword(true, false), false);
    assert.equal(userPolicy.inviteMaySetPassword(true, true), true);
  });

  it('ends sessions on suspension and removal, follows the role otherwise', () => {
    assert.equal(userPolicy.sessionsAfter('suspend'), 'end');
    assert.equal(userPolicy.sessionsAfter('remove'), 'end');
    assert.equal(userPolicy.sessionsAfter('role'), 'follow-role');
    assert.equal(userPolicy.maySignInTo([A], MAIN), false);
  });
});
