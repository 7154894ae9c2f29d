import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geoMessages, type GeoReverseResponse } from '@saathi/contract';
import { bearer, json, newUser, startTestApp, type TestApp } from '../../../test/harness.js';

describe('GET /api/v1/geo/reverse', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await newUser(t)).token;
  });
  afterAll(() => t.close());

  const reverse = (query: string, headers: Record<string, string> = bearer(token)) =>
    t.app.inject({ method: 'GET', url: `/api/v1/geo/reverse?${query}`, headers });

  async function place(lat: number, lon: number): Promise<GeoReverseResponse> {
    const res = await reverse(`lat=${lat}&lon=${lon}`);
    expect(res.statusCode).toBe(200);
    return json<GeoReverseResponse>(res);
  }

  it('names Mumbai, Maharashtra, India', async () => {
    expect(await place(19.076, 72.8777)).toEqual({
      success: true,
      city: 'Mumbai',
      locality: 'Mumbai',
      principalSubdivision: 'Maharashtra',
      countryName: 'India',
    });
  });

  it('names Mumbai as the city and the suburb as the locality in Andheri', async () => {
    const body = await place(19.1197, 72.8468);
    expect(body.city).toBe('Mumbai');
    expect(body.locality).not.toBe('');
    expect(body.principalSubdivision).toBe('Maharashtra');
  });

  it('names Delhi, the national capital territory', async () => {
    const body = await place(28.6139, 77.209);
    // India Gate sits between the points GeoNames gives Delhi and New Delhi: either is right.
    expect(['Delhi', 'New Delhi']).toContain(body.city);
    expect(['Delhi', 'New Delhi']).toContain(body.locality);
    expect(body.principalSubdivision).toBe('Delhi');
    expect(body.countryName).toBe('India');
  });

  it('names the nearer town on a Rajasthan highway between Kishangarh and Ajmer', async () => {
    // On NH48, 11 km from Kishangarh and 15 km from the bigger Ajmer.
    expect(await place(26.55, 74.75)).toEqual({
      success: true,
      city: 'Kishangarh',
      locality: 'Kishangarh',
      principalSubdivision: 'Rajasthan',
      countryName: 'India',
    });
  });

  it('keeps city and state together at a state border (Noida is Uttar Pradesh, not Delhi)', async () => {
    const body = await place(28.5355, 77.391);
    expect(body.city).toBe('Noida');
    expect(body.principalSubdivision).toBe('Uttar Pradesh');
  });

  it('names Lucknow, Uttar Pradesh', async () => {
    const body = await place(26.8467, 80.9462);
    expect(body).toMatchObject({
      city: 'Lucknow',
      principalSubdivision: 'Uttar Pradesh',
      countryName: 'India',
    });
  });

  it('names Chennai, Tamil Nadu', async () => {
    const body = await place(13.0827, 80.2707);
    expect(body).toMatchObject({
      city: 'Chennai',
      principalSubdivision: 'Tamil Nadu',
      countryName: 'India',
    });
  });

  it('writes Indian names without transliteration marks (Thane, not Thāne)', async () => {
    expect((await place(19.2183, 72.9781)).city).toBe('Thane');
  });

  it('answers empty fields, still 200, in the Arabian Sea', async () => {
    expect(await place(15, 65)).toEqual({
      success: true,
      city: '',
      locality: '',
      principalSubdivision: '',
      countryName: '',
    });
  });

  it('names London, United Kingdom, with no Indian state', async () => {
    expect(await place(51.5072, -0.1276)).toEqual({
      success: true,
      city: 'London',
      locality: 'London',
      principalSubdivision: '',
      countryName: 'United Kingdom',
    });
  });

  it('gives the country alone far from any town, and nothing at the pole', async () => {
    expect(await place(23, 10)).toMatchObject({ city: '', countryName: 'Algeria' });
    expect(await place(90, 180)).toMatchObject({ city: '', countryName: '' });
  });

  // Each answer carries its message's code, so the client can show a translation.
  it.each<[string, keyof typeof geoMessages]>([
    ['', 'lat_required'],
    ['lon=72.8', 'lat_required'],
    ['lat=19.07', 'lon_required'],
    ['lat=&lon=72.8', 'lat_required'],
    ['lat=abc&lon=72.8', 'lat_number'],
    ['lat=19.07&lon=0x48', 'lon_number'],
    ['lat=NaN&lon=72.8', 'lat_number'],
    ['lat=Infinity&lon=72.8', 'lat_number'],
    ['lat=1&lat=2&lon=72.8', 'lat_number'],
    ['lat=90.5&lon=72.8', 'lat_range'],
    ['lat=-91&lon=72.8', 'lat_range'],
    ['lat=19.07&lon=180.01', 'lon_range'],
    ['lat=19.07&lon=-181', 'lon_range'],
  ])('rejects %j with 400 %s', async (query, code) => {
    const res = await reverse(query);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ success: false, message: geoMessages[code], code });
  });

  it('accepts the exact bounds', async () => {
    expect((await reverse('lat=-90&lon=-180')).statusCode).toBe(200);
    expect((await reverse('lat=90&lon=180')).statusCode).toBe(200);
  });

  it('requires a signed-in user', async () => {
    const res = await reverse('lat=19.076&lon=72.8777', {});
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ success: false });
  });
});
