import { areaCodeForCity, areaCodeForZip } from './area-codes-by-zip.js';

describe('area codes by ZIP and city', () => {
  it('gives the area code serving a ZIP prefix, not the state\'s main one', () => {
    expect(areaCodeForZip('92101')).toBe('619');
    expect(areaCodeForZip('94043')).toBe('650');
    expect(areaCodeForZip('94103-1234')).toBe('415');
    expect(areaCodeForZip('90012')).toBe('213');
    expect(areaCodeForZip('97214')).toBe('503');
    expect(areaCodeForZip('78745')).toBe('512');
  });

  it('knows nothing of a malformed or unlisted ZIP', () => {
    expect(areaCodeForZip('9210')).toBeNull();
    expect(areaCodeForZip('')).toBeNull();
    expect(areaCodeForZip(null)).toBeNull();
    expect(areaCodeForZip('59801')).toBeNull();
  });

  it('finds a city\'s area code through its ZIP codes', async () => {
    expect(await areaCodeForCity('San Diego', 'CA')).toBe('619');
    expect(await areaCodeForCity('Oakland', 'CA')).toBe('510');
    expect(await areaCodeForCity('Nowhere Such Place', 'CA')).toBeNull();
    expect(await areaCodeForCity('San Diego', null)).toBeNull();
  });
});
