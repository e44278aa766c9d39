// The search box around a point: latitude and longitude bounds that hold every point within radiusKm.
// The index on (category, active, lat, lon) narrows by latitude; the exact distance decides.
import { haversineKm } from '../../integrations/geo/postcodes.ts';

const KM_PER_DEGREE_LAT = 111.32;

export function boundingBox(lat: number, lon: number, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const dLon = radiusKm / (KM_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}

export function withinKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }, km: number): number | null {
  const d = haversineKm(a.lat, a.lon, b.lat, b.lon);
  return d <= km ? d : null;
}
