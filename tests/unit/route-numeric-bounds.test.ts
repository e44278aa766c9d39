// Issue 24: POST /api/admin/followup/versions/1000000000000/restore answered 500 ('integer out of range'). Every
// number a route takes declares a bound within PostgreSQL's integer; the route list is checked as a whole here,
// and mountRoutes refuses to start with a route that has none (tests/integration/route-numeric-bounds sends the
// numbers).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_INPUT_NUMBER, defineRoute, mountRoutes, numericInputs, unboundedNumericInputs } from '../../server/http/route.ts';
import { allRoutes } from '../../server/http/routes.ts';
import express from 'express';
import type { AppDeps } from '../../server/deps.ts';

describe('numeric inputs of the route list', () => {
  it('every number in a path, query or body has a lower and an upper bound within ±MAX_INPUT_NUMBER', () => {
    expect(allRoutes.flatMap(unboundedNumericInputs)).toEqual([]);
  });

  it('finds the numbers of a route, nested ones and array items included, and what bounds them', () => {
    const route = defineRoute({
      method: 'post',
      path: '/x/:n',
      summary: 'x',
      tags: [],
      access: 'public',
      params: z.object({ n: z.coerce.number().int().min(1) }),
      query: z.object({ page: z.coerce.number().int().min(1).max(10).optional() }),
      body: z.object({ a: z.object({ b: z.number() }), list: z.array(z.number().int().min(0).max(5)), c: z.number().min(0).max(1e12).nullable() }),
      handler: () => ({}),
    });
    expect(numericInputs(route).map((n) => [n.path, n.min, n.max])).toEqual([
      ['params.n', 1, Number.MAX_SAFE_INTEGER],
      ['query.page', 1, 10],
      ['body.a.b', undefined, undefined],
      ['body.list.0', 0, 5],
      ['body.c', 0, 1e12],
    ]);
    expect(unboundedNumericInputs(route)).toEqual(['POST /x/:n params.n', 'POST /x/:n body.a.b', 'POST /x/:n body.c']);
    expect(() => mountRoutes(express.Router(), [route], {} as AppDeps, {})).toThrow(/params\.n, .*body\.a\.b, .*body\.c/);
    expect(MAX_INPUT_NUMBER).toBe(2 ** 31 - 1);
  });
});
