import { describe, expect, test } from 'vitest';
import { truceCheck, weatherCheck } from '../../src/core/weather.js';
import { BOL, PAR } from '../../src/core/side.js';
import { position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';

const month = (y: number, m: number) => y * 12 + m - 1;
const never = () => scripted('x', { refuseTruce: () => false });

describe('5.0 weather', () => {
  test('January and February are rainy without a roll', () => {
    const p = position();
    p.state.month = month(1933, 1);
    const g = testGame(p.state, []);
    weatherCheck(g);
    expect(p.state.rainy).toBe(true);
    p.state.month = month(1933, 2);
    weatherCheck(g);
    expect(p.state.rainy).toBe(true);
  });

  test('December is rainy on 1-3 and dry on 4-6', () => {
    const p = position();
    p.state.month = month(1932, 12);
    const g = testGame(p.state, [3, 4]);
    weatherCheck(g);
    expect(p.state.rainy).toBe(true);
    weatherCheck(g);
    expect(p.state.rainy).toBe(false);
  });

  test('other months are dry', () => {
    const p = position();
    p.state.month = month(1933, 3);
    p.state.rainy = true;
    weatherCheck(testGame(p.state, []));
    expect(p.state.rainy).toBe(false);
  });
});

describe('6 truces (I-5, I-6)', () => {
  test('6.1 a 1 then a 1 or 2 starts a truce', () => {
    const p = position({ vp: [25, 20] });
    truceCheck(testGame(p.state, [1, 2], never(), never()));
    expect(p.state.truce).toBe(true);
  });

  test('6.1 a 1 then a 3 is no truce; a first roll of 2 rolls no second die', () => {
    const p = position();
    const g = testGame(p.state, [1, 3, 2], never(), never());
    truceCheck(g);
    expect(p.state.truce).toBe(false);
    truceCheck(g);
    expect(p.state.truce).toBe(false);
    expect(g.dice.used()).toBe(3);
  });

  test('6.4 after a truce turn only the continuation roll is made: 1-2 continues', () => {
    const p = position({ vp: [25, 20] });
    p.state.truce = true;
    const g = testGame(p.state, [2], never(), never());
    truceCheck(g);
    expect(p.state.truce).toBe(true);
    expect(g.dice.used()).toBe(1);
  });

  test('I-5 when the continuation fails there is no truce and no new-truce roll this turn', () => {
    const p = position();
    p.state.truce = true;
    const g = testGame(p.state, [5], never(), never());
    truceCheck(g);
    expect(p.state.truce).toBe(false);
    expect(g.dice.used()).toBe(1);
  });

  test('6.2 the player with more VP is asked first; his refusal costs 10 VP and ends the truce', () => {
    const p = position({ vp: [30, 20] });
    const par = scripted('PAR', { refuseTruce: () => true });
    const bol = scripted('BOL', { refuseTruce: () => false });
    truceCheck(testGame(p.state, [1, 1], par, bol));
    expect(p.state.truce).toBe(false);
    expect(p.state.vp_s[PAR]).toBe(20);
    expect(bol.asked).toHaveLength(0);
  });

  test('I-6 the second player may refuse when the first accepts', () => {
    const p = position({ vp: [30, 20] });
    const bol = scripted('BOL', { refuseTruce: () => true });
    truceCheck(testGame(p.state, [1, 2], never(), bol));
    expect(p.state.truce).toBe(false);
    expect(p.state.vp_s[BOL]).toBe(10);
  });

  test('16.4 a refusal that takes VP below 0 is sudden death', () => {
    const p = position({ vp: [5, 20] });
    const par = scripted('PAR', { refuseTruce: () => true });
    truceCheck(testGame(p.state, [1, 1, 4], par, never()));
    expect(p.state.ended).toMatchObject({ how: 'sudden_death', winner: BOL });
  });

  test('I-6 equal VP: a die roll decides who may refuse first', () => {
    const p = position({ vp: [20, 20] });
    const par = scripted('PAR', { refuseTruce: () => false });
    const bol = scripted('BOL', { refuseTruce: () => false });
    truceCheck(testGame(p.state, [1, 1, 5], par, bol));
    expect(bol.asked[0]).toMatchObject({ kind: 'refuseTruce' });
    expect(par.asked).toHaveLength(1);
    expect(p.state.truce).toBe(true);
  });
});
