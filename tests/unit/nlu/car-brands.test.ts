import { describe, expect, it } from 'vitest';
import { CAR_BRANDS, findCars, listBrands, modelsOf } from '../../../core/categories/car-brands.ts';

describe('car brands', () => {
  it('lists about 40 brands, each with models and no duplicates', () => {
    expect(CAR_BRANDS.length).toBeGreaterThanOrEqual(38);
    expect(new Set(listBrands()).size).toBe(CAR_BRANDS.length);
    for (const b of CAR_BRANDS) expect(b.models.length).toBeGreaterThan(0);
  });

  it('gives the models of a brand by name or alias, case- and accent-insensitive', () => {
    expect(modelsOf('BMW')).toContain('3er');
    expect(modelsOf('vw')).toContain('Golf');
    expect(modelsOf('Mercedes')).toContain('C-Klasse');
    expect(modelsOf('Skoda')).toContain('Octavia');
    expect(modelsOf('Citroen')).toContain('Berlingo');
    expect(modelsOf('Trabant')).toEqual([]);
  });

  it('finds brand and model in text', () => {
    expect(findCars('Suche einen gebrauchten VW Golf')).toMatchObject([{ brand: 'Volkswagen', model: 'Golf' }]);
    expect(findCars('3er BMW gesucht')).toMatchObject([{ brand: 'BMW', model: '3er' }]);
    expect(findCars('Mercedes-Benz C-Klasse, Baujahr 2019')).toMatchObject([{ brand: 'Mercedes-Benz', model: 'C-Klasse' }]);
    expect(findCars('Range Rover Sport')).toMatchObject([{ brand: 'Land Rover', model: 'Range Rover Sport' }]);
    expect(findCars('Tesla Model 3 Versicherung')).toMatchObject([{ brand: 'Tesla', model: 'Model 3' }]);
  });

  it('finds a distinctive model alone, but not everyday words', () => {
    expect(findCars('Suche einen Passat Kombi')).toMatchObject([{ brand: 'Volkswagen', model: 'Passat' }]);
    expect(findCars('Wir spielen Golf am Wochenende')).toEqual([]);
    expect(findCars('Polo-Shirt in Größe M')).toEqual([]);
  });

  it('reads an everyday-word model as a car where the context says so', () => {
    expect(findCars('want to buy a used Golf')).toMatchObject([{ brand: 'Volkswagen', model: 'Golf' }]);
    expect(findCars('Mein Golf 7 springt nicht an')).toMatchObject([{ brand: 'Volkswagen', model: 'Golf' }]);
  });

  it('reads ambiguous brand names as brands only where they are', () => {
    expect(findCars('Smart TV kaputt')).toEqual([]);
    expect(findCars('a smart solution for my seat')).toEqual([]);
    expect(findCars('Seat Ibiza gesucht')).toMatchObject([{ brand: 'Seat', model: 'Ibiza' }]);
  });
});
