// The simulated universe (pure): the PSX stocks, the four indices and the USDT pairs, with their constituents.
import { describe, expect, it } from 'vitest';
import { buildUniverse } from '../../../server/domain/market/universe.ts';

describe('universe', () => {
  it('has ≥100 PSX stocks, the four indices and ≥30 USDT pairs, with unique symbols and Urdu names', () => {
    const u = buildUniverse();
    const by = (m: string) => u.filter((s) => s.ins.market === m);
    expect(by('psx').length).toBeGreaterThanOrEqual(100);
    expect(by('crypto').length).toBeGreaterThanOrEqual(30);
    expect(by('index').map((s) => s.ins.symbol)).toEqual(['KSE100', 'KSE30', 'KMI30', 'ALLSHR']);
    expect(new Set(u.map((s) => s.ins.symbol)).size).toBe(u.length);
    for (const s of u) expect(s.ins.nameUr).toMatch(/[\u0600-\u06FF]/);
    for (const c of by('crypto')) expect(c.ins.symbol.endsWith('USDT')).toBe(true);
    for (const sym of [
      'OGDC',
      'PPL',
      'HBL',
      'UBL',
      'MCB',
      'LUCK',
      'ENGRO',
      'FFC',
      'EFERT',
      'HUBC',
      'PSO',
      'MARI',
      'SYS',
      'TRG',
      'MEBL',
      'BAHL',
    ]) {
      expect(by('psx').some((s) => s.ins.symbol === sym)).toBe(true);
    }
    const kse100 = u.find((s) => s.ins.symbol === 'KSE100')!;
    const kse30 = u.find((s) => s.ins.symbol === 'KSE30')!;
    const kmi30 = u.find((s) => s.ins.symbol === 'KMI30')!;
    expect(kse100.constituents).toHaveLength(100);
    expect(kse30.constituents).toHaveLength(30);
    expect(kse30.constituents!.every((s) => kse100.constituents!.includes(s))).toBe(true);
    const shariah = new Set(
      by('psx')
        .filter((s) => s.ins.shariah)
        .map((s) => s.ins.symbol),
    );
    expect(kmi30.constituents!.every((s) => shariah.has(s))).toBe(true);
  });
});
