// The line under a location's hit says each fact once: a zone named as the location's type or code
// (a dock in zone DOCK) is not said again as "zone DOCK".
import { describe, expect, it } from 'vitest';
import { hitSubtitle, type HitFacts, type HitWords } from '../../electron/contract/hit-subtitle.ts';

const words: HitWords = { zone: (zone) => `zone ${zone}`, list: () => null, locationType: (type) => type.charAt(0) + type.slice(1).toLowerCase() };
const location = (place: NonNullable<HitFacts['place']>, code = 'A-01-01-A'): HitFacts => ({ list: 'locations', code, title: code, place, barcodes: undefined, listLabel: undefined });

describe('a location hit’s line', () => {
  it('names type, zone and facility', () => {
    expect(hitSubtitle(location({ type: 'PICK', zone: 'B', facility: 'Rotterdam DC' }), words)).toBe('Pick · zone B · Rotterdam DC');
  });

  it('leaves out a zone named as the type, whatever its case', () => {
    expect(hitSubtitle(location({ type: 'DOCK', zone: 'DOCK', facility: 'Memphis Hub' }), words)).toBe('Dock · Memphis Hub');
    expect(hitSubtitle(location({ type: 'DOCK', zone: 'dock', facility: null }), words)).toBe('Dock');
  });

  it('leaves out a zone named as the location itself', () => {
    expect(hitSubtitle(location({ type: 'STAGING', zone: 'STAGE-1', facility: 'Memphis Hub' }, 'STAGE-1'), words)).toBe('Staging · Memphis Hub');
  });
});
