import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const geocode = (query: string, client = new TestClient(t.app)) =>
  client.get(`/api/geocode.php${query}`);

describe('GET /api/geocode.php (spec §7, issue 25 item 4)', () => {
  it.each([
    // Amsterdam, Noord-Holland
    ['52.3731', '4.8922', { country: 'NL', region: 'NH' }],
    // Rotterdam, Zuid-Holland
    ['51.9225', '4.47917', { country: 'NL', region: 'ZH' }],
    // München, Bayern
    ['48.137', '11.575', { country: 'DE', region: 'BY' }],
    // Kraków, małopolskie
    ['50.0614', '19.9366', { country: 'PL', region: '12' }],
    // Göteborg, Västra Götaland
    ['57.7089', '11.9746', { country: 'SE', region: 'O' }],
  ])('answers the country and region of %s, %s offline', async (lat, lon, place) => {
    const response = await geocode(`?lat=${lat}&lon=${lon}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ geocode: place });
  });

  it('never sends coordinates back, and no shared cache keeps the answer', async () => {
    const response = await geocode('?lat=52.3731&lon=4.8922');
    expect(response.body).not.toMatch(/52\.37|4\.89/);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers false for a point in no country: the open sea, Antarctica', async () => {
    for (const query of ['?lat=54.5&lon=3', '?lat=35&lon=-40', '?lat=-85&lon=0']) {
      const response = await geocode(query);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ geocode: false });
    }
  });

  it('answers a country without a region where the site list has no match', async () => {
    // London: GeoNames knows England, the site's list has its counties.
    const response = await geocode('?lat=51.5074&lon=-0.1278');
    expect(response.json()).toEqual({ geocode: { country: 'GB', region: null } });
  });

  it("answers Spain's provinces, which GeoNames keeps one level down", async () => {
    // Málaga, Seville, Madrid: the site's list of Spain is its provinces (ISO 3166-2:ES).
    const places: [string, string][] = [
      ['?lat=36.7213&lon=-4.4214', 'MA'],
      ['?lat=37.3891&lon=-5.9845', 'SE'],
      ['?lat=40.4168&lon=-3.7038', 'M'],
    ];
    for (const [query, region] of places) {
      const response = await geocode(query);
      expect(response.json()).toEqual({ geocode: { country: 'ES', region } });
    }
  });

  it.each([
    ['', 'missing coordinates'],
    ['?lat=52', 'a missing longitude'],
    ['?lat=abc&lon=4', 'a non-numeric latitude'],
    ['?lat=1e1&lon=4', 'an exponent'],
    ['?lat=91&lon=4', 'a latitude beyond 90'],
    ['?lat=52&lon=-180.5', 'a longitude beyond 180'],
    ['?lat=&lon=', 'empty values'],
  ])('refuses %s (%s) with 400 validation_failed', async (query) => {
    const response = await geocode(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });

  it('limits how often one address may ask', async () => {
    const client = new TestClient(t.app);
    let status = 200;
    for (let call = 0; call < 61 && status === 200; call++) {
      status = (await geocode('?lat=52.0907&lon=5.1214', client)).statusCode;
    }
    expect(status).toBe(429);
    const other = await geocode('?lat=52.0907&lon=5.1214');
    expect(other.statusCode).toBe(200);
  });
});
