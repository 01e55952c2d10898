import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNUP_RATE_IP_PER_HOUR: '2' } });
});
afterAll(async () => t?.close());

const signup = (n: number, ip: string, planId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/signup',
    remoteAddress: ip,
    payload: {
      name: `Maria ${n}`,
      email: `maria${n}@rate.test`,
      password: 'abcde',
      phone: `55119999900${n}0`,
      companyName: `Loja ${n}`,
      planId,
    },
  });

describe('sign-up rate', () => {
  it('refuses sign-ups from one IP over SIGNUP_RATE_IP_PER_HOUR, and counts each IP apart', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/plans/list?listPublic=true' })).json() as { id: number }[];
    expect((await signup(1, '10.9.0.1', plans[0].id)).statusCode).toBe(201);
    expect((await signup(2, '10.9.0.1', plans[0].id)).statusCode).toBe(201);
    const over = await signup(3, '10.9.0.1', plans[0].id);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect((await signup(4, '10.9.0.2', plans[0].id)).statusCode).toBe(201);
  });
});
