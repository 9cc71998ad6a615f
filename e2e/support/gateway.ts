import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

/** The key the run's app checks the payment gateway's signatures with (the config gives it to the app). */
export const gatewaySecret = 'e2e-payment-gateway-secret';

/**
 * The payment gateway reports a card payment's status, signed as it signs: the hex HMAC-SHA256 of the
 * raw body in `X-Signature`.
 */
export async function notifyCard(
  request: APIRequestContext,
  notification: { TransactionId: string; RefId?: string; Status: number },
): Promise<{ paymentId: number; cardStatus: number; changed: boolean }> {
  const body = JSON.stringify(notification);
  const answer = await request.post('/api/payments/card-notification', {
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', gatewaySecret).update(body).digest('hex'),
    },
    data: body,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return answer.json();
}
