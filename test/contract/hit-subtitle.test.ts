// The line under a location hit names its type, zone and facility, and never says a zone twice: a
// zone named like the location or its type ("DOCK", zone DOCK) is left out.
import { describe, expect, it } from 'vitest';
import { hitSubtitle, type HitFacts, type HitWords } from '../../electron/contract/hit-subtitle.ts';

const words: HitWords = { zone: (zone) => `zone ${zone}`, list: () => null, locationType: (type) => ({ DOCK: 'Dock', PICK: 'Pick face' })[type] ?? type };
const location = (code: string, type: string | null, zone: string | null): HitFacts => ({ list: 'locations', code, title: code, place: { type, zone, facility: 'Main warehouse' } });

describe('the line under a location hit', () => {
  it('names the zone when it says something the code and type do not', () => {
    expect(hitSubtitle(location('A-03-02-B', 'PICK', 'A'), words)).toBe('Pick face · zone A · Main warehouse');
  });

  it('leaves out a zone named like the location or like its type', () => {
    expect(hitSubtitle(location('DOCK', 'DOCK', 'DOCK'), words)).toBe('Dock · Main warehouse');
    expect(hitSubtitle(location('DOCK-1', 'DOCK', 'dock'), words)).toBe('Dock · Main warehouse');
    expect(hitSubtitle(location('STAGE', null, 'STAGE'), words)).toBe('Main warehouse');
    expect(hitSubtitle({ ...location('R-1', 'PICK', 'Returns'), title: 'Returns' }, words)).toBe('Pick face · Main warehouse');
  });
});
